import { readFileSync } from "node:fs";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

// The schema electron-builder itself validates its configuration against.
const schema: unknown = JSON.parse(readFileSync("node_modules/app-builder-lib/scheme.json", "utf8"));
const config: unknown = parse(readFileSync("electron-builder.yml", "utf8"));

describe("electron-builder.yml", () => {
  it("is valid against app-builder-lib's JSON schema", () => {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    const validate = ajv.compile(schema as object);
    const valid = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("builds NSIS, dmg, AppImage and deb with the committed icons", () => {
    const c = config as { win: { target: { target: string }[] }; mac: { target: { target: string }[]; icon: string }; linux: { target: string[]; icon: string } };
    expect(c.win.target.map((t) => t.target)).toEqual(["nsis"]);
    expect(c.mac.target.map((t) => t.target)).toEqual(["dmg"]);
    expect(c.linux.target).toEqual(["AppImage", "deb"]);
    expect(readFileSync(c.mac.icon).subarray(1, 4).toString()).toBe("PNG");
    expect(readFileSync(`${c.linux.icon}/512x512.png`).subarray(1, 4).toString()).toBe("PNG");
  });

  it("rejects a misspelled option, so the check has teeth", () => {
    const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
    expect(ajv.validate(schema as object, { ...(config as object), nsiss: {} })).toBe(false);
  });
});
