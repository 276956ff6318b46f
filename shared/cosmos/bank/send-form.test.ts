import { describe, expect, it } from "vitest";
import { checkSend, defaultFeeDisplay, fundsErrors, type SendDraft } from "./send-form.js";

const ctx = { prefix: "cosmos", denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "stake", display: "stake", exponent: 0 }], feeDenom: "ucomet" };
const good: SendDraft = { from: "cosmos1edhrppagujenjy8s82rplhj85atl5v7eeusulc", to: "cosmos14wjvzyulndke4nfte4pm035gad8908uw0ss0l3", amount: "1.5", denom: "ucomet", memo: "", fee: "0.0005", gas: "200000" };

describe("the send form's checks", () => {
  it("turns a good draft into base units", () => {
    expect(checkSend(good, ctx)).toEqual({ errors: {}, args: { from: good.from, to: good.to, amount: "1500000ucomet", memo: undefined, fee: "500ucomet", gas: "200000" } });
  });

  it("sends a recipient typed in capitals (valid in BIP-173) in lower case, and knows the sender in either case", () => {
    expect(checkSend({ ...good, to: ` ${good.to.toUpperCase()} ` }, ctx).args?.to).toBe(good.to);
    expect(checkSend({ ...good, to: good.from.toUpperCase() }, ctx).errors.to).toMatch(/itself/);
  });

  it("gives an error per bad field and no transfer", () => {
    const bad = checkSend({ ...good, to: good.to.slice(0, -1) + "x", amount: "1.0000001", fee: "abc", gas: "0", memo: "é".repeat(200) }, ctx);
    expect(bad.args).toBeUndefined();
    expect(Object.keys(bad.errors).sort()).toEqual(["amount", "fee", "gas", "memo", "to"]);
    expect(checkSend({ ...good, to: good.from }, ctx).errors.to).toMatch(/itself/);
    expect(checkSend({ ...good, denom: "stake", amount: "0.5" }, ctx).errors.amount).toMatch(/no decimals/);
  });

  it("takes a zero fee however it is written, and asks for one when the field is empty", () => {
    for (const fee of ["0", "0.00", " 0.000000 ", "0.", ".0", "00"]) {
      expect(checkSend({ ...good, fee }, ctx), fee).toMatchObject({ errors: {}, args: { fee: "0ucomet" } });
    }
    expect(checkSend({ ...good, fee: "" }, ctx).errors.fee).toBe("Enter a fee, or 0 for none.");
    expect(checkSend({ ...good, fee: "0.0000001" }, ctx).errors.fee).toMatch(/At most 6 decimals/);
  });

  it("shows the service's default fee in display units", () => {
    expect(defaultFeeDisplay("500ucomet", "ucomet", ctx.denoms)).toEqual({ amount: "0.0005", denom: "ucomet" });
    expect(defaultFeeDisplay("2000000ucomet", "ucomet", ctx.denoms)).toEqual({ amount: "2", denom: "ucomet" });
  });

  it("puts amount plus fee beyond what the account can spend on the field that asked for it", () => {
    const args = checkSend({ ...good, amount: "5000000" }, ctx).args!;
    const million = { available: [{ denom: "ucomet", amount: "1000000000000" }] };
    expect(fundsErrors(args, million, ctx.denoms, "ucomet")).toEqual({ amount: "That is more than this account can spend: 1000000 COMET is available." });
    expect(fundsErrors(checkSend(good, ctx).args!, million, ctx.denoms, "ucomet")).toEqual({});
    const stake = checkSend({ ...good, denom: "stake", amount: "5" }, ctx).args!;
    expect(fundsErrors(stake, { available: [{ denom: "stake", amount: "5" }] }, ctx.denoms, "ucomet")).toEqual({ fee: "The fee needs 0.0005 COMET, and only 0 COMET is available." });
    expect(fundsErrors({ ...stake, fee: "0ucomet" }, { available: [{ denom: "stake", amount: "5" }] }, ctx.denoms, "ucomet")).toEqual({});
  });
});
