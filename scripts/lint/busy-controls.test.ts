import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Lints one line of JSX as if it stood in a renderer component, with the repository's own eslint.config.js.
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
const RULE = "Disabled while busy";
async function refusals(jsx: string): Promise<number> {
  const source = `export const C = ({ save, busy, pending, ok }: any) => ${jsx};\n`;
  const [result] = await eslint.lintText(source, { filePath: "renderer/src/wallet/pages/Example.tsx" });
  return (result?.messages ?? []).filter((m) => m.message.startsWith(RULE)).length;
}

describe("the lint against controls disabled while their work runs", () => {
  it("refuses a control disabled by a pending or busy state, alone or with another condition", async () => {
    expect(await refusals(`<button disabled={save.pending}>Save</button>`)).toBe(1);
    expect(await refusals(`<button type="submit" disabled={!ok || save.isPending}>Save</button>`)).toBe(1);
    expect(await refusals(`<button disabled={busy}>Go</button>`)).toBe(1);
    expect(await refusals(`<fieldset disabled={pending}><input /></fieldset>`)).toBe(1);
    expect(await refusals(`<select disabled={save.isPending} />`)).toBe(1);
  });

  it("allows a control disabled for another reason, and a component's own disabled prop", async () => {
    expect(await refusals(`<button disabled={!ok}>Save</button>`)).toBe(0);
    expect(await refusals(`<button aria-disabled={save.pending || undefined}>Save</button>`)).toBe(0);
    // BusyButton turns its `disabled` off while busy: a component's prop is not the DOM's attribute.
    expect(await refusals(`<BusyButton busy={save.pending} busyLabel="Saving…" disabled={pending}>Save</BusyButton>`)).toBe(0);
  });
});
