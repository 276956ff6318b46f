import { describe, expect, it } from "vitest";
import { DEFAULT_WATCH_RULES, watchMethods, type WatchRules } from "../../../../shared/contract/watch.js";
import { nodeUrlProblem, rulesProblems, validatorRefProblem } from "./watch-checks.js";

const networkId = "devnet";
const HEX = "0123456789ABCDEF0123456789ABCDEF01234567";
const VALOPER = "cosmosvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqv6cdvl";

describe("Watch → Add node", () => {
  /** What main decides for the text the form sends (trimmed). */
  const mainTakes = (text: string) => watchMethods.addNode.args.safeParse({ networkId, url: text.trim() }).success;

  it("finds a problem exactly where main would refuse the address", () => {
    const variants = [
      "http://127.0.0.1:26657", "https://rpc.example.org", " http://a:1 ", "HTTPS://RPC.EXAMPLE.ORG", "http://[::1]:26657",
      "", "  ", "tcp://127.0.0.1:26657", "tcp://0.0.0.0:26657", "localhost:26657", "1.2.3.4:26657", "rpc.example.org", "ws://127.0.0.1:26657/websocket", "wss://rpc.example.org",
      "unix:///var/run/node.sock", "http:example.com", "http://", "http://a b", "ftp://x", "mailto:a@b.org", `http://x/${"a".repeat(2040)}`,
    ];
    for (const text of variants) expect(nodeUrlProblem(text) === undefined, JSON.stringify(text)).toBe(mainTakes(text));
  });

  it("says an address must start with http:// or https://, suggesting the http:// form of what was typed", () => {
    expect(nodeUrlProblem("tcp://127.0.0.1:26657")).toBe("The node's RPC address must start with http:// or https://: try http://127.0.0.1:26657.");
    expect(nodeUrlProblem("localhost:26657")).toBe("The node's RPC address must start with http:// or https://: try http://localhost:26657.");
    expect(nodeUrlProblem("1.2.3.4:26657")).toBe("The node's RPC address must start with http:// or https://: try http://1.2.3.4:26657.");
    expect(nodeUrlProblem("rpc.example.org")).toBe("The node's RPC address must start with http:// or https://: try http://rpc.example.org.");
    expect(nodeUrlProblem("ws://127.0.0.1:26657/websocket")).toBe("The node's RPC address must start with http:// or https://: try http://127.0.0.1:26657.");
    expect(nodeUrlProblem("wss://rpc.example.org/websocket")).toBe("The node's RPC address must start with http:// or https://: try https://rpc.example.org.");
    expect(nodeUrlProblem("unix:///var/run/node.sock")).toBe("The node's RPC address must start with http:// or https://: http://127.0.0.1:26657, for example.");
    expect(nodeUrlProblem("http://a b")).toBe("The node's RPC address is not a valid address: check its host and port, as in http://127.0.0.1:26657.");
    expect(nodeUrlProblem(" ")).toBe("Give the node's RPC address: http://127.0.0.1:26657, for example.");
  });
});

describe("Watch → Add validator", () => {
  const mainTakes = (text: string) => watchMethods.addValidator.args.safeParse({ networkId, address: text.trim() }).success;

  it("finds a problem exactly where main would refuse the address, leaving checksums and prefixes to main", () => {
    const variants = [
      VALOPER, "cosmosvalcons1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqe2dnxc", HEX, HEX.toLowerCase(), ` ${HEX} `, "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a", "cosmosvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
      "", "   ", "Figment", "My Validator", `0x${HEX}`, `0X${HEX}`, VALOPER.toUpperCase(), "cosmosValoper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqv6cdvl", HEX.slice(1), `${HEX}0`, "deadbeef",
      "cosmosvaloper1notanaddress", "a1cdef2345", "a1cdef", `cosmosvaloper1${"q".repeat(114)}`, `cosmosvaloper1${"q".repeat(115)}`,
    ];
    for (const text of variants) expect(validatorRefProblem(text) === undefined, JSON.stringify(text)).toBe(mainTakes(text));
  });

  it("says what is accepted, and what to change in a near miss", () => {
    expect(validatorRefProblem("Figment")).toBe("Not a validator address: give its …valoper1… or …valcons1… address, or its 40-digit hex address (a moniker will not do).");
    expect(validatorRefProblem(`0x${HEX}`)).toBe("Leave out the 0x: the hex address is its 40 digits alone.");
    expect(validatorRefProblem(VALOPER.toUpperCase())).toBe("Type the address in lower case.");
    expect(validatorRefProblem(HEX.slice(2))).toBe("A hex address has 40 digits; this one has 38.");
    expect(validatorRefProblem("  ")).toBe("Give the validator's address: its …valoper1… or …valcons1… address, or its 40-digit hex address.");
  });
});

describe("Watch → alert rules and webhook", () => {
  /** Both calls the form makes; either refused and the form must not send. */
  const mainTakes = (rules: WatchRules, hook: string) =>
    watchMethods.setRules.args.safeParse({ networkId, rules }).success && watchMethods.setWebhook.args.safeParse({ networkId, webhook: { url: hook.trim() || null, timeoutMs: 5000 } }).success;
  const r = DEFAULT_WATCH_RULES;

  it("finds a problem exactly where main would refuse the rules or the webhook", () => {
    const variants: Array<[WatchRules, string]> = [
      [r, ""], [r, "https://hooks.example.org/cometdesk"], [r, "  "], [r, "localhost:9000/hook"], [r, "ftp://x/hook"], [r, "mailto:ops@example.org"], [r, "http://"],
      ...[[9, 4], [4, 4], [0, 4], [1, 1], [Number.NaN, 4], [4, Number.NaN], [2.5, 4], [10_000, 10_000], [10_001, 10_001], [-1, 5]].map(([missed, of]): [WatchRules, string] => [{ ...r, missedBlocks: { ...r.missedBlocks, missed: missed!, of: of! } }, ""]),
      ...[1.5, 1.4, 2, 2.5, 1000, 1000.5, 0, Number.NaN].map((factor): [WatchRules, string] => [{ ...r, chainStalled: { ...r.chainStalled, factor } }, ""]),
      ...[1, 0, 1440, 1441, 10.5].map((minutes): [WatchRules, string] => [{ ...r, nodeRateLimited: { ...r.nodeRateLimited, minutes } }, ""]),
      ...[1, 0, 1_000_000, 1_000_001, 1.5].map((blocks): [WatchRules, string] => [{ ...r, nodeLagging: { ...r.nodeLagging, blocks } }, ""]),
      ...[1, 0, 720, 721].map((hoursBefore): [WatchRules, string] => [{ ...r, proposalUnvoted: { ...r.proposalUnvoted, hoursBefore } }, ""]),
      ...[0, -1, 86_400, 86_401, 0.5].map((clearAfterSeconds): [WatchRules, string] => [{ ...r, clearAfterSeconds }, ""]),
    ];
    for (const [rules, hook] of variants) expect(Object.keys(rulesProblems(rules, hook)).length === 0, JSON.stringify([rules, hook])).toBe(mainTakes(rules, hook));
  });

  it("says at which field, and what to change", () => {
    expect(rulesProblems({ ...r, missedBlocks: { enabled: true, missed: 9, of: 4 } }, "localhost:9000/hook")).toEqual({
      missed: "Cannot be more than the 4 blocks counted in “Of the last”.",
      webhook: "The webhook's address must start with http:// or https://: try http://localhost:9000/hook.",
    });
    expect(rulesProblems(r, "mailto:ops@example.org")).toEqual({ webhook: "The webhook's address must start with http:// or https://: https://hooks.example.org/cometdesk, for example." });
    expect(rulesProblems({ ...r, chainStalled: { enabled: true, factor: 1.5 } }, "")).toEqual({});
    expect(rulesProblems({ ...r, clearAfterSeconds: Number.NaN }, "")).toEqual({ clearAfterSeconds: "A whole number from 0 to 86,400." });
  });
});
