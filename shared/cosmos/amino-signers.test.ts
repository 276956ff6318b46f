import { describe, expect, it } from "vitest";
import { AMINO_SIGNERS, aminoSignerRefusal } from "./amino-signers.js";
import { bankAminoConverters } from "./bank/aminomessages.js";
import { distributionAminoConverters } from "./distribution/aminomessages.js";
import { govAminoConverters } from "./gov/aminomessages.js";
import { MESSAGE_CODECS } from "./messages.js";
import { stakingAminoConverters } from "./staking/aminomessages.js";

const converters = { ...bankAminoConverters, ...stakingAminoConverters, ...distributionAminoConverters, ...govAminoConverters };

describe("the amino signer declarations", () => {
  it("name amino types and fields that the converters really write", () => {
    for (const [type, signer] of Object.entries(AMINO_SIGNERS)) {
      // MsgUnjail has no CosmJS converter; its amino field name is the SDK's (`address`).
      if (type === "cosmos-sdk/MsgUnjail") continue;
      const found = Object.entries(converters).find(([, c]) => c.aminoType === type);
      expect(found, type).toBeDefined();
      const [typeUrl, converter] = found!;
      const codec = MESSAGE_CODECS[typeUrl as keyof typeof MESSAGE_CODECS] as { fromPartial: (o: object) => unknown } | undefined;
      expect(codec, typeUrl).toBeDefined();
      const amino = converter.toAmino(codec!.fromPartial({})) as Record<string, unknown>;
      expect(Object.keys(amino), type).toContain(signer.field);
    }
  });

  it("refuse a signer field that is missing or not a string", () => {
    const account = "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";
    expect(aminoSignerRefusal({ type: "cosmos-sdk/MsgVote", value: { voter: account } }, account)).toBeUndefined();
    expect(aminoSignerRefusal({ type: "cosmos-sdk/MsgVote", value: {} }, account)).toBe("signer_mismatch");
    expect(aminoSignerRefusal({ type: "cosmos-sdk/MsgVote", value: { voter: [account] } }, account)).toBe("signer_mismatch");
    expect(aminoSignerRefusal({ type: "cosmos-sdk/MsgVote", value: null }, account)).toBe("signer_mismatch");
    expect(aminoSignerRefusal({ type: "toString", value: { voter: account } }, account)).toBe("unregistered_message");
  });
});
