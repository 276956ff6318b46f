import { readFileSync } from "node:fs";
import { fromHex, toHex } from "@cosmjs/encoding";
import { mnemonicToSeedSync } from "@scure/bip39";
import { describe, expect, it } from "vitest";
import { fromRegistry } from "../networks/registry-seeds.js";
import * as cryptoorg from "chain-registry/mainnet/cryptoorgchain/index.js";
import * as kava from "chain-registry/mainnet/kava/index.js";
import * as secret from "chain-registry/mainnet/secretnetwork/index.js";
import * as terra from "chain-registry/mainnet/terra2/index.js";
import * as cosmoshub from "chain-registry/mainnet/cosmoshub/index.js";
import { deriveKeypair, ethAddressBytes, keyKindOf } from "./key-kind.js";
import type { KeyFacts } from "../../../shared/network/key-facts.js";

/** The address of account `index` on a network, derived the way the vault derives it. */
function addressOf(mnemonic: string, network: KeyFacts & { bech32Prefix: string }, index = 0): string {
  const kind = keyKindOf(network);
  return kind.address(deriveKeypair(mnemonicToSeedSync(mnemonic), kind.path(index)).publicKey, network.bech32Prefix);
}

// shapeshift/hdwallet's public test mnemonic and the addresses its native wallet derives from it,
// at m/44'/<coin>'/0'/0/0 and at m/44'/<coin>'/1337'/123/4: packages/hdwallet-native/src/
// cosmos.test.ts (commit 177f0f88f757670bf86aa9ac9074c61664165d7b), terra.test.ts and kava.test.ts
// (commit 0dcdada96adbb55432c3a9a25a21383be498a9e2), secret.test.ts (commit
// 1a23d547d4f647627a2ab0e1d36fb5078ff00201). An independent implementation (BIP32 over its own
// crypto engine), not CosmJS.
const ALL = "all all all all all all all all all all all all";
const HDWALLET = [
  { chain: cosmoshub, first: "cosmos1knuunh0lmwyrkjmrj7sky49uxk3peyzhzsvqqf", other: "cosmos14k4dnrrmxdch6nkvvuugsywrgmvlwrqszjfxjt" },
  { chain: terra, first: "terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz", other: "terra153l3gzmg5xlr8aldndpcg7achjejre04azdf9q" },
  { chain: kava, first: "kava1x9eec99f6m9d0nc3my4uyw55jefkcxj8dwxcpu", other: "kava1yhys0syftn2f624lue6fsxyql74r3evvljchjt" },
  { chain: secret, first: "secret189wrfk2fsynjlz6jcn54wzdcud3a6k8vqa0ggu", other: "secret1wmmewcjt2s09r48ya8mtdfyy0rnnza20xnx6fs" },
];

describe("addresses per coin type, against published derivations", () => {
  for (const { chain, first, other } of HDWALLET) {
    it(`${chain.chain.chainName} (coin type ${chain.chain.slip44}): the registry's network gives the address other wallets show`, () => {
      const network = fromRegistry(chain)!;
      expect(network.coinType).toBe(chain.chain.slip44);
      expect(addressOf(ALL, network)).toBe(first);
      // The user's own path: the account's number where {index} is.
      const coin = chain.chain.slip44;
      expect(addressOf(ALL, { ...network, hdPath: `m/44'/${coin}'/1337'/123/{index}` }, 4)).toBe(other);
    });
  }

  it("a network saved without a coin type derives at 118, as every vault did before", () => {
    expect(addressOf(ALL, { bech32Prefix: "cosmos" })).toBe(HDWALLET[0]!.first);
  });

  it("Crypto.org (394): the registry's network gives the addresses a Ledger device answered for the same phrase", () => {
    // Recorded from a Ledger (Crypto.org app 2.16.0), the shared Ledger transcripts'
    // 18-show-address.json and 16-msg-send-from-account-1.json, copied beside this test: each
    // `addressQueryApdus` asks `getAddressAndPubKey(path, "cro")` (INS 0x04). The device's own
    // answer is read from the exchange: the 33-byte compressed key, then the address in ASCII.
    const mnemonic = "equip will roof matter pink blind book anxiety banner elbow sun young"; // the transcripts' README
    const network = fromRegistry(cryptoorg)!;
    expect(network).toMatchObject({ coinType: 394, bech32Prefix: "cro" });
    const kind = keyKindOf(network);
    const seed = mnemonicToSeedSync(mnemonic);
    const indices: number[] = [];
    for (const file of ["./test/ledger-cro-show-address.json", "./test/ledger-cro-account-1.json"]) {
      const t = JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")) as { addressQueryApdus: string };
      const lines = t.addressQueryApdus.trim().split("\n");
      const ask = lines.findIndex((l) => l.startsWith("=> 5504"));
      // The path closes the request: five little-endian words, 44' 394' 0' 0 <index>.
      const path = fromHex(lines[ask]!.slice(-40));
      const words = [0, 4, 8, 12, 16].map((i) => new DataView(path.buffer, path.byteOffset + i, 4).getUint32(0, true));
      expect(words.slice(0, 4)).toEqual([0x8000002c, 0x8000018a, 0x80000000, 0]);
      const index = words[4]!;
      const answer = fromHex(lines[ask + 1]!.slice(3));
      expect(toHex(answer.slice(-2))).toBe("9000");
      const deviceAddress = new TextDecoder().decode(answer.slice(33, -2));
      expect(deviceAddress).toMatch(/^cro1/);

      expect(kind.path(index)).toBe(`m/44'/394'/0'/0/${index}`);
      const { publicKey } = deriveKeypair(seed, kind.path(index));
      expect(toHex(publicKey)).toBe(toHex(answer.slice(0, 33)));
      expect(addressOf(mnemonic, network, index)).toBe(deviceAddress);
      indices.push(index);
    }
    expect(indices).toEqual([0, 1]);
  });

  it("ethsecp256k1 at 60: the Keccak-256 address cosmos/evm's own test derives", () => {
    // cosmos/evm crypto/hd/algorithm_test.go (commit 763729dbb89eaf8535694267cf6a141e57e61aff),
    // TestDerivation: this mnemonic at m/44'/60'/0'/0/0 is 0xA588C66983a81e800Db4dF74564F09f91c026351.
    const mnemonic = "picnic rent average infant boat squirrel federal assault mercy purity very motor fossil wheel verify upset box fresh horse vivid copy predict square regret";
    const network = { bech32Prefix: "cosmos", coinType: 60, keyAlgo: "ethsecp256k1" as const };
    const kind = keyKindOf(network);
    const { publicKey } = deriveKeypair(mnemonicToSeedSync(mnemonic), kind.path(0));
    expect(toHex(ethAddressBytes(publicKey))).toBe("A588C66983a81e800Db4dF74564F09f91c026351".toLowerCase());
    // The same 20 bytes under the network's prefix; a secp256k1 network would show other bytes.
    const address = addressOf(mnemonic, network);
    expect(address).toBe(kind.address(publicKey, "cosmos"));
    expect(address).not.toBe(keyKindOf({ coinType: 60 }).address(publicKey, "cosmos"));
  });
});
