import { describe, expect, it } from "vitest";
import { methodSpec } from "../contract/index.js";
import { SignDocBody } from "../access/bodies.js";
import { MEMO_TOO_LONG } from "./memo.js";

const send = { typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: { fromAddress: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc", toAddress: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3", amount: [{ denom: "ucomet", amount: "1" }] } };
const transfer = { from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc", to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3", amount: "1" };

// Every schema that takes a memo from the renderer or a client, as the chain's ante handler counts it: UTF-8 bytes.
const takers = {
  "tx.prepare": (memo: string) => methodSpec("tx.prepare")!.args.safeParse({ messages: [send], memo }),
  "tx.sendMessages": (memo: string) => methodSpec("tx.sendMessages")!.args.safeParse({ messages: [send], memo }),
  "tx.signDoc": (memo: string) => methodSpec("tx.signDoc")!.args.safeParse({ ...transfer, memo }),
  "tx.submit": (memo: string) => methodSpec("tx.submit")!.args.safeParse({ ...transfer, memo }),
  "POST /transactions/sign-doc": (memo: string) => SignDocBody.safeParse({ ...transfer, memo }),
};

describe("the memo limit", () => {
  for (const [name, parse] of Object.entries(takers)) {
    it(`${name} counts bytes: 256 ASCII pass, 257 or 200 "é" (400 bytes) are refused with the form's words`, () => {
      expect(parse("a".repeat(256)).success).toBe(true);
      expect(parse("é".repeat(128)).success).toBe(true);
      for (const memo of ["a".repeat(257), "é".repeat(200), `${"a".repeat(255)}é`]) {
        const parsed = parse(memo);
        expect(parsed.success, `${memo.length} characters`).toBe(false);
        expect(parsed.error?.issues.map((i) => i.message)).toEqual([MEMO_TOO_LONG]);
      }
    });
  }
});
