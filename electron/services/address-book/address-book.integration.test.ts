import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createServices, type Services } from "../create-services.js";

/** The address book and balances through the dispatcher, on the real devnet. */
const info = inject("devnet");
const bob = info.accounts.find((a) => a.name === "bob")!;
const erin = info.accounts.find((a) => a.name === "erin")!;
const dir = mkdtempSync(join(tmpdir(), "cometdesk-book-it-"));
const opened: Services[] = [];
async function open(): Promise<Services> {
  writeFileSync(join(dir, "devnet.json"), JSON.stringify(info));
  const s = await createServices({ dataDir: join(dir, "data"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json") });
  opened.push(s);
  return s;
}
const call = async (s: Services, method: string, args: unknown = {}) => {
  const answer = await s.dispatcher.dispatch(method, args);
  if (!answer.ok) throw Object.assign(new Error(answer.error.message), answer.error);
  return answer.value;
};

describe("the address book", () => {
  afterAll(async () => Promise.all(opened.map((s) => s.close())));

  it("saves, renames and removes recipients, atomically and across restarts", async () => {
    const first = await open();
    await call(first, "addressBook.save", { label: "Bob", address: bob.address });
    await call(first, "addressBook.save", { label: "Erin", address: erin.address });
    expect(await call(first, "addressBook.save", { label: "Bobby", address: bob.address })).toEqual({ entries: [{ label: "Bobby", address: bob.address }, { label: "Erin", address: erin.address }] });
    await expect(call(first, "addressBook.save", { label: "x", address: "not an address" })).rejects.toMatchObject({ code: "invalid_args" });
    // No temporary file is left beside it, and the file is the whole truth.
    expect(readdirSync(join(dir, "data")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, "data", "address-book.json"), "utf8")).entries).toHaveLength(2);

    const second = await open();
    expect(((await call(second, "addressBook.list")) as { entries: unknown[] }).entries).toHaveLength(2);
    expect(await call(second, "addressBook.remove", { address: erin.address })).toEqual({ entries: [{ label: "Bobby", address: bob.address }] });
    expect(existsSync(join(dir, "data", "address-book.json"))).toBe(true);
  });

  it("reads an account's balances per denom from the chain", async () => {
    const s = await open();
    const { balances } = (await call(s, "wallet.balances", { address: bob.address })) as { balances: Array<{ denom: string; amount: string }> };
    expect(balances.map((b) => b.denom)).toContain(info.denom);
    expect(BigInt(balances.find((b) => b.denom === info.denom)!.amount)).toBeGreaterThan(0n);
  });
});
