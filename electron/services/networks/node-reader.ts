import { RpcResponseError } from "../rpc/rpc-errors.js";
import { createRpcTransport, type RpcEndpoint, type RpcTransport, type RpcTransportOptions } from "../rpc/rpc-transport.js";
import * as W from "../rpc/rpc-wire.js";
import type { ChainReader } from "./chain-facts.js";

/** How a network's facts are read when the user asks: quickly, once, with no retries. */
export type ReaderOptions = Pick<RpcTransportOptions, "timeoutMs" | "fetchImpl">;

/** `status` and `abci_query` over a transport, each answer checked against the node's wire shape. */
export function transportReader(transport: RpcTransport): ChainReader {
  const call = async <S extends typeof W.RpcStatus | typeof W.RpcAbciQuery>(route: string, params: Record<string, unknown>, schema: S) => {
    const answer = await transport.call({ route, http: "POST", params, idempotent: true });
    const parsed = schema.safeParse(answer.result);
    if (!parsed.success) throw new RpcResponseError(answer.endpoint, `unexpected ${route} answer`);
    return parsed.data;
  };
  return {
    status: async () => ({ chainId: ((await call("status", {}, W.RpcStatus)) as { node_info: { network: string } }).node_info.network }),
    abciQuery: async ({ path, data }) => {
      const r = ((await call("abci_query", { path, data }, W.RpcAbciQuery)) as { response: { code?: number; log?: string; value?: string | null } }).response;
      return { code: r.code ?? 0, value: r.value ?? "", log: r.log ?? "" };
    },
  };
}

/** A reader of one node by its URL alone, as the network form gives it. */
export function nodeReader(url: string, options: ReaderOptions = {}): ChainReader {
  const endpoints: RpcEndpoint[] = [{ url, kind: "node" }];
  return transportReader(createRpcTransport({ timeoutMs: options.timeoutMs ?? 8_000, retries: 0, fetchImpl: options.fetchImpl, endpoints: () => endpoints }));
}
