import type { Coin } from "./coins.js";

/** One bank transfer as the service understands it, after validation. */
export interface Transfer {
  readonly from: string;
  readonly to: string;
  readonly amount: Coin;
  readonly nonce: bigint;
  readonly memo: string;
  /** Zero amount means an empty fee. */
  readonly fee: Coin;
  readonly gas: bigint;
  /** 0 means none. */
  readonly timeoutHeight: bigint;
}
