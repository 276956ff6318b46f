import { fromBech32, toBech32 } from "@cosmjs/encoding";

/**
 * What a bech32 prefix names by the Cosmos SDK's convention: an account (`cosmos`), a validator's
 * operator (`cosmosvaloper`) or its consensus key (`cosmosvalcons`), with the account prefix they
 * share. The public-key forms (`…pub`) are read as their role too.
 */
export function addressRole(prefix: string): { readonly role: "account" | "operator" | "consensus"; readonly accountPrefix: string } {
  const m = /^(.+?)(valoper|valcons)(pub)?$/.exec(prefix);
  if (!m) return { role: "account", accountPrefix: prefix };
  return { role: m[2] === "valoper" ? "operator" : "consensus", accountPrefix: m[1]! };
}

/**
 * The account whose key operates the validator at `operator` (the same bytes under the account
 * prefix), or undefined when `operator` is no operator address.
 */
export function operatorAccount(operator: string): string | undefined {
  try {
    const { prefix, data } = fromBech32(operator, 128);
    const { role, accountPrefix } = addressRole(prefix);
    return role === "operator" && !prefix.endsWith("pub") ? toBech32(accountPrefix, data) : undefined;
  } catch {
    return undefined;
  }
}
