import { expect, it } from "vitest";
import { DEFAULT_WATCH_RULES, type WatchConfig } from "../shared/contract/watch.js";
import { createSigningRecord } from "./signing-record.js";
import { type ValidatorState, validatorConditions } from "./validator-rules.js";

const A = "AB".repeat(20);
const config: WatchConfig = { validators: [{ address: A, ref: A, label: "" }], nodes: [], rules: DEFAULT_WATCH_RULES, webhook: { url: null, timeoutMs: 5000 } };
const state = (s: Partial<ValidatorState>): ReadonlyMap<string, ValidatorState> =>
  new Map([[A, { moniker: null, operatorAddress: null, jailed: false, tombstoned: false, inactive: false, unknown: false, windowMissed: null, ...s }]]);

it("tells of an address no validator has as not in the validator set, not as a validator that is unbonded", () => {
  const [alert] = validatorConditions(config, config.rules, createSigningRecord(100), state({ inactive: true, unknown: true }));
  expect(alert).toEqual({ kind: "inactive", subject: A, title: `${A} is not in the validator set`, message: `No validator of the chain has the address ${A}: check it, or wait for the validator to join; its blocks are counted from then on.` });
  expect(validatorConditions(config, config.rules, createSigningRecord(100), state({ inactive: true }))[0]).toMatchObject({ title: `${A} is not in the active set` });
});
