/**
 * One gRPC query of a Cosmos module, carried over CometBFT's `abci_query`: its path, the request
 * it encodes and how its answer decodes. Main runs it through `chain.abciQuery`, the service
 * through its node client; both get the same bytes and the same reading.
 */
export interface AbciQueryDef<Args, Result> {
  readonly path: string;
  encode(args: Args): Uint8Array;
  decode(value: Uint8Array): Result;
  /** The same read of the module's older version (x/gov v1beta1), asked when the node does not know `path`. */
  readonly legacy?: AbciQueryDef<Args, Result>;
}

