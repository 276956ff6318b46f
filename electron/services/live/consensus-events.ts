/**
 * Consensus as it happens: the node's websocket reports every vote (tm.event='Vote') and every
 * round step (tm.event='NewRoundStep'). Main turns them into a throttled `chain.consensusChanged`
 * so the Consensus page reads `consensus_state` when something changed, instead of polling.
 */

export const CONSENSUS_QUERIES = { "cometdesk-vote": "tm.event='Vote'", "cometdesk-step": "tm.event='NewRoundStep'" } as const;

export interface ConsensusTick {
  readonly height: string;
  readonly round: number;
  readonly cause: "vote" | "step";
}

const HEIGHT = /^\d{1,20}$/;
const roundOf = (r: unknown): number | undefined => (typeof r === "number" && Number.isInteger(r) && r >= 0 && r < 1e9 ? r : undefined);

/**
 * The height and round of a Vote or NewRoundStep event frame, or undefined for anything else.
 * Frames are hostile input: only the two fields are read, and only when they have the right shape.
 */
export function consensusTick(text: string): ConsensusTick | undefined {
  if (text.length > 1 << 20) return undefined;
  let frame: { result?: { data?: { type?: unknown; value?: { Vote?: { height?: unknown; round?: unknown }; height?: unknown; round?: unknown } } } };
  try {
    frame = JSON.parse(text) as typeof frame;
  } catch {
    return undefined;
  }
  const data = frame.result?.data;
  if (data?.type === "tendermint/event/Vote") {
    const vote = data.value?.Vote;
    const round = roundOf(vote?.round);
    return typeof vote?.height === "string" && HEIGHT.test(vote.height) && round !== undefined ? { height: vote.height, round, cause: "vote" } : undefined;
  }
  if (data?.type === "tendermint/event/RoundState") {
    const round = roundOf(data.value?.round);
    const height = data.value?.height;
    return typeof height === "string" && HEIGHT.test(height) && round !== undefined ? { height, round, cause: "step" } : undefined;
  }
  return undefined;
}
