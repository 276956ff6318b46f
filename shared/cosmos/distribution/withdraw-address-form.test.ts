import { describe, expect, it } from "vitest";
import { distributionActions } from "./actions.js";
import { checkWithdrawAddress } from "./withdraw-address-form.js";

const delegator = "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc";
const other = "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3";
const ctx = { prefix: "cosmos", delegator, current: delegator };
/** What main's contract takes for the message (its action schema). */
const mainTakes = (value: unknown) => distributionActions["/cosmos.distribution.v1beta1.MsgSetWithdrawAddress"].value.safeParse(value).success;

describe("the withdraw-address form's check", () => {
  it("sends an address typed in capitals (valid in BIP-173) in the lower case main's contract takes", () => {
    for (const typed of [other.toUpperCase(), ` ${other.toUpperCase()} `, other, `${other}\n`]) {
      const checked = checkWithdrawAddress(typed, ctx);
      expect(checked.error, JSON.stringify(typed)).toBeUndefined();
      expect(checked.message?.value).toEqual({ delegatorAddress: delegator, withdrawAddress: other });
      expect(mainTakes(checked.message?.value)).toBe(true);
    }
  });

  it("knows the address rewards already go to, in either case", () => {
    expect(checkWithdrawAddress(delegator.toUpperCase(), ctx).error).toBe("Rewards are already paid to this address.");
    expect(checkWithdrawAddress(delegator, ctx).error).toBe("Rewards are already paid to this address.");
  });

  it("refuses what is no address of this network, in words", () => {
    expect(checkWithdrawAddress("", ctx).error).toBeDefined();
    expect(checkWithdrawAddress(`${other.slice(0, 20)}${other.slice(20).toUpperCase()}`, ctx).error).toMatch(/mixes upper and lower case/);
    expect(checkWithdrawAddress(`${other.slice(0, -1)}${other.endsWith("q") ? "p" : "q"}`, ctx).error).toMatch(/checksum/);
    expect(checkWithdrawAddress(other, { ...ctx, prefix: "osmo" }).error).toMatch(/another network/);
  });
});
