import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/**
 * Validates answers against the schemas of server/openapi.json, so the document cannot drift
 * from what the service really sends.
 */
const doc = JSON.parse(readFileSync(new URL("../openapi.json", import.meta.url), "utf8")) as { components: { schemas: Record<string, unknown> } };
const ajv = new Ajv2020({ strict: false, allErrors: true, formats: { "date-time": true } });
ajv.addSchema({ $id: "openapi", components: doc.components });

/** The validation errors of `value` against `#/components/schemas/<name>`, empty when it conforms. */
export function schemaErrors(name: string, value: unknown): string[] {
  const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
  if (!validate) throw new Error(`openapi.json has no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}
