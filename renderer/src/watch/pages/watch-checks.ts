import type { WatchRules } from "../../../../shared/contract/watch.js";
import { isHttpUrl } from "../../../../shared/net/http-url.js";

/*
 * What main's contract would refuse in the Watch page's forms (`watch.addNode`,
 * `watch.addValidator`, `watch.setRules`, `watch.setWebhook` in shared/contract/watch.ts), said at
 * the field to change. Checked here without the schemas so that no page loads zod; a test holds
 * each check to the schema's answer. Each is undefined (or empty) when main would take the input.
 */

/**
 * The http(s) address an operator most likely meant: CometBFT's `laddr` (`tcp://…`), its
 * websocket (`ws://…/websocket`) or a bare host and port. A suggestion only: nothing is rewritten.
 */
function httpFormOf(text: string): string | undefined {
  const known = /^(tcp|ws|wss):\/\/(.*)$/i.exec(text);
  const rest = known ? known[2]!.replace(/\/websocket\/?$/, "") : text;
  if (!/^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?(\/\S*)?$/i.test(rest)) return undefined;
  const suggestion = `${known?.[1]!.toLowerCase() === "wss" ? "https" : "http"}://${rest}`;
  return isHttpUrl(suggestion) ? suggestion : undefined;
}

/** What is wrong with an address that should be http(s), naming the field (`The node's RPC address`). */
function httpUrlProblem(text: string, what: string, example: string): string | undefined {
  const trimmed = text.trim();
  if (isHttpUrl(trimmed)) return undefined;
  if (trimmed.length > 2048) return "At most 2048 characters.";
  if (/^https?:\/\//i.test(trimmed)) return `${what} is not a valid address: check its host and port, as in ${example}.`;
  const suggestion = httpFormOf(trimmed);
  return `${what} must start with http:// or https://: ${suggestion ? `try ${suggestion}` : `${example}, for example`}.`;
}

/** The node field of Watch → Add node (`HttpUrl`). */
export function nodeUrlProblem(text: string): string | undefined {
  if (text.trim() === "") return "Give the node's RPC address: http://127.0.0.1:26657, for example.";
  return httpUrlProblem(text, "The node's RPC address", "http://127.0.0.1:26657");
}

const VALIDATOR_REF = /^([a-z][a-z0-9]{0,30}1[02-9ac-hj-np-z]{6,}|[0-9a-fA-F]{40})$/;
const ACCEPTED = "its …valoper1… or …valcons1… address, or its 40-digit hex address";

/**
 * The address field of Watch → Add validator (`ValidatorRef`). Main still checks the bech32
 * checksum and the prefix, and says so in its own words.
 */
export function validatorRefProblem(text: string): string | undefined {
  const ref = text.trim();
  if (ref.length >= 8 && ref.length <= 128 && VALIDATOR_REF.test(ref)) return undefined;
  if (ref === "") return `Give the validator's address: ${ACCEPTED}.`;
  if (ref.length > 128) return "At most 128 characters: too long for a validator address.";
  const hex = /^(0x)?([0-9a-f]+)$/i.exec(ref);
  if (hex?.[1] && hex[2]!.length === 40) return "Leave out the 0x: the hex address is its 40 digits alone.";
  if (hex) return `A hex address has 40 digits; this one has ${hex[2]!.length}.`;
  if (ref !== ref.toLowerCase() && VALIDATOR_REF.test(ref.toLowerCase())) return "Type the address in lower case.";
  return `Not a validator address: give ${ACCEPTED} (a moniker will not do).`;
}

/** The rules form's fields, in the order it shows them: the first with a problem takes the keyboard. */
export const RULE_FIELDS = ["missed", "of", "rateLimitedMinutes", "lagging", "factor", "hoursBefore", "clearAfterSeconds", "webhook"] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RulesProblems = Partial<Record<RuleField, string>>;

const whole = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;
const range = (min: number, max: number) => `A whole number from ${min.toLocaleString("en")} to ${max.toLocaleString("en")}.`;

/** The alert rules (`WatchRules`) and the webhook's address (`WatchWebhook`), both checked before either is sent. */
export function rulesProblems(rules: WatchRules, webhookUrl: string): RulesProblems {
  const out: RulesProblems = {};
  const { missed, of } = rules.missedBlocks;
  if (!whole(missed, 1, 10_000)) out.missed = range(1, 10_000);
  if (!whole(of, 1, 10_000)) out.of = range(1, 10_000);
  if (!out.missed && !out.of && missed > of) out.missed = `Cannot be more than the ${of} blocks counted in “Of the last”.`;
  if (!whole(rules.nodeRateLimited.minutes, 1, 1440)) out.rateLimitedMinutes = range(1, 1440);
  if (!whole(rules.nodeLagging.blocks, 1, 1_000_000)) out.lagging = range(1, 1_000_000);
  const factor = rules.chainStalled.factor;
  if (!(Number.isFinite(factor) && factor >= 1.5 && factor <= 1000)) out.factor = "A number from 1.5 to 1,000 (it may have a fraction, like 2.5).";
  if (!whole(rules.proposalUnvoted.hoursBefore, 1, 720)) out.hoursBefore = range(1, 720);
  if (!whole(rules.clearAfterSeconds, 0, 86_400)) out.clearAfterSeconds = range(0, 86_400);
  if (webhookUrl.trim() !== "") {
    const problem = httpUrlProblem(webhookUrl, "The webhook's address", "https://hooks.example.org/cometdesk");
    if (problem) out.webhook = problem;
  }
  return out;
}
