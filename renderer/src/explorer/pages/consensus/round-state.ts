import type { JsonValue } from "../../../../../shared/primitives.js";

/** CometBFT's RoundStepType, numbered as `consensus_state` prints it in "height/round/step". */
const STEPS = ["", "NewHeight", "NewRound", "Propose", "Prevote", "PrevoteWait", "Precommit", "PrecommitWait", "Commit"];

export type VoteMark = "voted" | "nil" | "missing";

export interface RoundView {
  readonly height: string;
  readonly round: string;
  readonly step: string;
  readonly proposer: string;
  readonly rounds: ReadonlyArray<{ readonly round: string; readonly prevotes: readonly VoteMark[]; readonly precommits: readonly VoteMark[]; readonly prevotesSummary: string; readonly precommitsSummary: string }>;
}

const obj = (v: JsonValue | undefined): Record<string, JsonValue> => (v !== null && typeof v === "object" && !Array.isArray(v) ? v : {});
const str = (v: JsonValue | undefined): string => (typeof v === "string" ? v : "");
const arr = (v: JsonValue | undefined): JsonValue[] => (Array.isArray(v) ? v : []);

/**
 * One vote as `consensus_state` prints it: "nil-Vote" when none arrived yet, otherwise
 * "Vote{idx:ADDR h/r/type BLOCKHASH sig @ time}" where a nil vote's hash is 000000000000.
 */
export function voteMark(text: string): VoteMark {
  if (text === "nil-Vote" || !text.startsWith("Vote{")) return "missing";
  return / 000000000000 /.test(text) ? "nil" : "voted";
}

/** The parts of a `consensus_state` answer a person watches, read defensively (it is only JSON). */
export function roundView(answer: JsonValue): RoundView {
  const rs = obj(obj(answer).round_state);
  const [height = "", round = "", step = ""] = str(rs["height/round/step"]).split("/");
  return {
    height,
    round,
    step: STEPS[Number(step)] ? `${STEPS[Number(step)]} (${step})` : step,
    proposer: str(obj(rs.proposer).address),
    rounds: arr(rs.height_vote_set).map((r) => {
      const o = obj(r);
      return {
        round: String(o.round ?? ""),
        prevotes: arr(o.prevotes).map((v) => voteMark(str(v))),
        precommits: arr(o.precommits).map((v) => voteMark(str(v))),
        prevotesSummary: str(o.prevotes_bit_array),
        precommitsSummary: str(o.precommits_bit_array),
      };
    }),
  };
}
