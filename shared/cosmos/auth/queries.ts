import { Bech32PrefixRequest, Bech32PrefixResponse, QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import type { Any } from "cosmjs-types/google/protobuf/any";
import type { AbciQueryDef } from "../abci-query.js";

/** An account as the chain stores it (any account type, packed); undefined for an unknown address. */
export const accountQuery: AbciQueryDef<{ address: string }, Any | undefined> = {
  path: "/cosmos.auth.v1beta1.Query/Account",
  encode: ({ address }) => QueryAccountRequest.encode({ address }).finish(),
  decode: (value) => QueryAccountResponse.decode(value).account,
};

/** The chain's account address prefix. */
export const bech32PrefixQuery: AbciQueryDef<Record<string, never>, string> = {
  path: "/cosmos.auth.v1beta1.Query/Bech32Prefix",
  encode: () => Bech32PrefixRequest.encode({}).finish(),
  decode: (value) => Bech32PrefixResponse.decode(value).bech32Prefix,
};
