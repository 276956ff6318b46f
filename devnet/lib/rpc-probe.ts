import { z } from "zod";

const StatusSchema = z.object({
  result: z.object({
    node_info: z.object({ network: z.string(), moniker: z.string() }),
    sync_info: z.object({ latest_block_height: z.string(), catching_up: z.boolean() }),
  }),
});

export interface NodeStatus {
  readonly height: number;
  readonly catchingUp: boolean;
  readonly network: string;
}

/** Reads a node's `status` route, or undefined when the node does not answer within `timeoutMs`. */
export async function probeStatus(rpc: string, timeoutMs = 2_000): Promise<NodeStatus | undefined> {
  try {
    const response = await fetch(`${rpc}/status`, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return undefined;
    const { result } = StatusSchema.parse(await response.json());
    return {
      height: Number(result.sync_info.latest_block_height),
      catchingUp: result.sync_info.catching_up,
      network: result.node_info.network,
    };
  } catch {
    return undefined;
  }
}
