import { fromBase64, toHex } from "@cosmjs/encoding";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAllBalancesRequest, QueryAllBalancesResponse, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { accountQuery } from "../../../../shared/cosmos/auth/queries.js";
import { allBalancesQuery, balanceQuery } from "../../../../shared/cosmos/bank/queries.js";
import type { JsonValue } from "../../../../shared/primitives.js";

/** A common Cosmos query over `abci_query`: its gRPC path, the request it encodes, the answer it decodes. */
export interface AbciPreset {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  /** The inputs the request needs, by name. */
  readonly inputs: readonly ("address" | "denom")[];
  /** The protobuf request as hex, for abci_query's `data`. */
  encode(inputs: Readonly<Record<string, string>>): string;
  /** The answer's `value` (base64) as JSON. */
  decode(base64: string): JsonValue;
}

const json = (v: unknown) => v as JsonValue;

export const ABCI_PRESETS: readonly AbciPreset[] = [
  {
    id: "balance", label: "Bank: balance of one denom", path: balanceQuery.path, inputs: ["address", "denom"],
    encode: (i) => toHex(balanceQuery.encode({ address: i.address ?? "", denom: i.denom ?? "" })),
    decode: (b) => json(QueryBalanceResponse.toJSON(QueryBalanceResponse.decode(fromBase64(b)))),
  },
  {
    id: "balances", label: "Bank: all balances", path: allBalancesQuery.path, inputs: ["address"],
    // Without paging, unlike the wallet's query: the console shows what the node answers by default.
    encode: (i) => toHex(QueryAllBalancesRequest.encode(QueryAllBalancesRequest.fromPartial({ address: i.address ?? "" })).finish()),
    decode: (b) => json(QueryAllBalancesResponse.toJSON(QueryAllBalancesResponse.decode(fromBase64(b)))),
  },
  {
    id: "account", label: "Auth: account (number, sequence, key)", path: accountQuery.path, inputs: ["address"],
    encode: (i) => toHex(accountQuery.encode({ address: i.address ?? "" })),
    decode: (b) => {
      const any = accountQuery.decode(fromBase64(b));
      if (any?.typeUrl === "/cosmos.auth.v1beta1.BaseAccount") return json({ "@type": any.typeUrl, ...(BaseAccount.toJSON(BaseAccount.decode(any.value)) as object) });
      return json({ "@type": any?.typeUrl ?? "", note: "not a BaseAccount; raw bytes in the raw answer" });
    },
  },
  {
    id: "version", label: "App: version (/app/version)", path: "/app/version", inputs: [],
    encode: () => "",
    decode: (b) => new TextDecoder().decode(fromBase64(b)),
  },
];

/** Text typed for `data` as hex: either it already is hex, or its UTF-8 bytes. */
export function dataAsHex(value: string, mode: "hex" | "text"): string | undefined {
  if (mode === "text") return toHex(new TextEncoder().encode(value));
  const clean = value.replace(/^0x/i, "").replace(/\s+/g, "");
  return /^([0-9a-fA-F]{2})*$/.test(clean) ? clean.toLowerCase() : undefined;
}
