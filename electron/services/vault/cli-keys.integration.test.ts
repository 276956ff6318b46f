import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import type { EventPayload } from "../../../shared/events.js";
import { createServices, type Services } from "../create-services.js";

/**
 * Keys between the devnet's own simd keyring and the app's vault, both ways: what `simd keys
 * export` writes is imported at the address `simd keys show` prints, what the app exports is
 * read by `simd keys import`, and an imported key signs a transfer the devnet commits.
 */
const info = inject("devnet");
const dave = info.accounts.find((a) => a.name === "dave")!;
const erin = info.accounts.find((a) => a.name === "erin")!;
const PASSWORD = "a long password";
let services: Services;
let dir: string;
let home: string;
const saved = new Map<string, string>();

const simd = (args: readonly string[], input = "") =>
  execFileSync(layoutFromEnv().simd, [...args, "--keyring-backend", "test", "--home", home], { input, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] }).trim();
const call = async (method: string, args: unknown = {}) => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as Record<string, unknown>;
};
const refusal = async (method: string, args: unknown) => {
  const answer = await services.dispatcher.dispatch(method, args);
  if (answer.ok) throw new Error(`${method} was accepted`);
  return answer.error;
};

function committed(hash: () => string): Promise<void> {
  return new Promise((resolve, reject) =>
    services.events.listen((event, payload) => {
      if (event !== "tx.statusChanged") return;
      const change = payload as EventPayload<"tx.statusChanged">;
      if (change.txHash !== hash()) return;
      if (change.status === "committed") resolve();
      if (change.status === "failed" || change.status === "rejected" || change.status === "expired") reject(new Error(`${change.txHash} ${change.status}`));
    }),
  );
}

describe("keys from the devnet's simd CLI", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "cometdesk-cli-keys-it-"));
    home = join(dir, "simd-home");
    writeFileSync(join(dir, "devnet.json"), JSON.stringify({ ...info, access: undefined }));
    services = await createServices({
      dataDir: join(dir, "app"), tokenStore: { kind: "memory" }, devnetJsonPath: join(dir, "devnet.json"),
      saveFile: { save: async (name, contents) => { const path = join(dir, name); writeFileSync(path, contents); saved.set(path, contents); return { saved: true, path }; } },
    });
    services.start();
    await call("wallet.import", { mnemonic: dave.mnemonic, password: PASSWORD });
  });
  afterAll(async () => {
    await services?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("imports `simd keys export` at the address `simd keys show -a` prints, and refuses it a second time", async () => {
    simd(["keys", "add", "node-key"]);
    const armor = simd(["keys", "export", "node-key"], "node passphrase\nnode passphrase\n");
    expect(armor).toMatch(/^-----BEGIN TENDERMINT PRIVATE KEY-----/);
    await expect(refusal("wallet.importCliKey", { armor, passphrase: "not it", label: "node key" })).resolves.toMatchObject({ code: "cli_key_wrong_passphrase" });
    const account = await call("wallet.importCliKey", { armor, passphrase: "node passphrase", label: "node key" });
    expect(account).toMatchObject({ address: simd(["keys", "show", "node-key", "-a"]), kind: "imported", label: "node key" });
    await expect(refusal("wallet.importCliKey", { armor, passphrase: "node passphrase", label: "again" })).resolves.toMatchObject({ code: "cli_key_duplicate" });
    const listed = (await call("wallet.accounts")).accounts as Array<{ address: string }>;
    expect(listed.map((a) => a.address)).toContain(account.address);
  });

  it("imports the hex of `simd keys export --unarmored-hex --unsafe`", async () => {
    simd(["keys", "add", "hex-key"]);
    const hex = simd(["keys", "export", "hex-key", "--unarmored-hex", "--unsafe", "--yes"]).split("\n").at(-1)!;
    const account = await call("wallet.importCliKey", { hex, label: "hex key" });
    expect(account.address).toBe(simd(["keys", "show", "hex-key", "-a"]));
  });

  it("exports a phrase account and an imported key that `simd keys import` reads at the same addresses", async () => {
    const refused = await refusal("wallet.exportCliKey", { address: dave.address, password: "wrong password", passphrase: "back to the cli" });
    expect(refused.code).toBe("wrong_password");
    const accounts = (await call("wallet.accounts")).accounts as Array<{ address: string; kind?: string; label: string }>;
    const imported = accounts.find((a) => a.label === "node key")!;
    for (const [name, address] of [["dave-back", dave.address], ["node-back", imported.address]] as const) {
      const answer = await call("wallet.exportCliKey", { address, password: PASSWORD, passphrase: "back to the cli" });
      expect(answer).toMatchObject({ saved: true, path: expect.stringMatching(/\.armor$/) });
      expect(readFileSync(answer.path as string, "utf8")).toMatch(/kdf: bcrypt/);
      simd(["keys", "import", name, answer.path as string], "back to the cli\n");
      expect(simd(["keys", "show", name, "-a"])).toBe(address);
    }
  });

  it("signs a transfer from the imported key that the devnet commits", async () => {
    const accounts = (await call("wallet.accounts")).accounts as Array<{ address: string; label: string }>;
    const node = accounts.find((a) => a.label === "node key")!.address;
    let hash = "";
    const funded = committed(() => hash);
    hash = (await call("tx.submit", { from: dave.address, to: node, amount: `5000000${info.denom}` })).txHash as string;
    await funded;
    const sent = committed(() => hash);
    hash = (await call("tx.submit", { from: node, to: erin.address, amount: `1234${info.denom}` })).txHash as string;
    await sent;
    expect(await call("tx.get", { id: hash })).toMatchObject({ status: "committed", code: 0 });
  });
});
