import { describe, expect, it } from "vitest";
import { addedKeyNotice, keyNoticeText } from "./key-notice-text.js";

describe("the key notice's words", () => {
  it("names the coin type and the address, and the key algorithm when it is Ethereum's", () => {
    expect(keyNoticeText({ networkId: "terra2", coinType: 330, keyAlgo: "secp256k1", path: "m/44'/330'/0'/0/0", address: "terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz" }))
      .toBe("This chain uses coin type 330: your address here is terra1f95csal3u6cyyj23ept3x7ap3u247npf8u2yhz (path m/44'/330'/0'/0/0), not the one your accounts have on chains at coin type 118.");
    expect(keyNoticeText({ networkId: "injective", coinType: 60, keyAlgo: "ethsecp256k1", path: "m/44'/60'/0'/0/0", address: "inj1…" }))
      .toMatch(/^This chain uses coin type 60 and Ethereum-style keys \(ethsecp256k1, Keccak-256 addresses\): your address here is inj1…/);
  });
});

describe("the key notice at a network's add", () => {
  it("is asked for the network the add form just saved, and not again beside the shell's when that network is the selected one", () => {
    expect(addedKeyNotice({ id: "terra2" }, "devnet")).toBe("terra2");
    expect(addedKeyNotice({ id: "terra2" }, "terra2")).toBeUndefined();
    expect(addedKeyNotice(undefined, "devnet")).toBeUndefined();
  });
});
