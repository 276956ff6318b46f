import { fromBech32, toBech32 } from "@cosmjs/encoding";

/** The operator address of an account's key (`<prefix>valoper1…`), or undefined when it is not bech32. */
export function operatorAddressOf(account: string, prefix: string): string | undefined {
  try {
    return toBech32(`${prefix}valoper`, fromBech32(account, 90).data);
  } catch {
    return undefined;
  }
}
