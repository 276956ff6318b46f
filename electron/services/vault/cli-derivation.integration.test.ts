import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import { layoutFromEnv } from "../../../devnet/lib/layout.js";
import type { KeyFacts } from "../../../shared/network/key-facts.js";
import { deriveKeypair, keyKindOf } from "./key-kind.js";

/**
 * The Cosmos SDK's own keyring, as the devnet's simd CLI runs it (`keys add --recover --dry-run`:
 * nothing stored), for the same phrase at a coin type, account and index or a whole HD path. It
 * writes secp256k1 keys only, so the ethsecp256k1 vectors are in key-kind.test.ts.
 */
function cliAddress(mnemonic: string, flags: string[]): string {
  const home = mkdtempSync(join(tmpdir(), "cometdesk-keys-"));
  const out = execFileSync(layoutFromEnv().simd, ["keys", "add", "probe", "--recover", "--dry-run", "--keyring-backend", "test", "--home", home, "--output", "json", ...flags], { input: `${mnemonic}\n`, encoding: "utf8" });
  return (JSON.parse(out) as { address: string }).address;
}

function appAddress(mnemonic: string, facts: KeyFacts, index: number): string {
  const kind = keyKindOf(facts);
  return kind.address(deriveKeypair(mnemonicToSeedSync(mnemonic), kind.path(index)).publicKey, "cosmos");
}

const PHRASES = [
  "all all all all all all all all all all all all", // shapeshift/hdwallet's test phrase
  "equip will roof matter pink blind book anxiety banner elbow sun young", // the Ledger transcripts' phrase
];

describe("the vault's derivation and the Cosmos SDK's keyring agree", () => {
  for (const coinType of [118, 330, 394, 459, 529]) {
    it(`at coin type ${coinType}, for accounts 0 and 3`, () => {
      for (const mnemonic of PHRASES) {
        for (const index of [0, 3]) {
          expect(appAddress(mnemonic, { coinType }, index)).toBe(cliAddress(mnemonic, ["--coin-type", String(coinType), "--index", String(index)]));
        }
      }
    });
  }

  it("on the user's own path, {index} at the account level", () => {
    const [mnemonic] = PHRASES;
    expect(appAddress(mnemonic!, { coinType: 330, hdPath: "m/44'/118'/{index}'/0/0" }, 2)).toBe(cliAddress(mnemonic!, ["--hd-path", "m/44'/118'/2'/0/0"]));
  });
});
