import { z } from "zod";

/**
 * Snake_case wire shapes of CometBFT RPC answers (https://docs.cometbft.com/v0.38/rpc/; where a
 * generation differs, the schema says which), checked at runtime before one adaptor (chain-adaptor.ts) turns them into domain types.
 * Nodes omit empty lists or send null for them, so lists are nullable with a default.
 */
const list = <T extends z.ZodType>(item: T) => z.array(item).nullish().transform((v) => v ?? []);
const str = z.string().max(1 << 20);
const int = z.union([z.number().int(), z.string().regex(/^-?\d{1,20}$/)]).transform(Number);
const dec = z.string().regex(/^-?\d{1,80}$/);

export const RpcBlockId = z.object({ hash: str, parts: z.object({ total: int, hash: str }) });
export const RpcHeader = z.object({
  version: z.object({ block: dec, app: dec.optional() }),
  chain_id: str,
  height: dec,
  time: str,
  last_block_id: RpcBlockId,
  last_commit_hash: str,
  data_hash: str,
  validators_hash: str,
  next_validators_hash: str,
  consensus_hash: str,
  app_hash: str,
  last_results_hash: str,
  evidence_hash: str,
  proposer_address: str,
});
export type RpcHeader = z.infer<typeof RpcHeader>;

export const RpcCommit = z.object({
  height: dec,
  round: int,
  block_id: RpcBlockId,
  signatures: list(z.object({ block_id_flag: int, validator_address: str, timestamp: str.nullish(), signature: str.nullish() })),
});
export const RpcBlock = z.object({
  header: RpcHeader,
  data: z.object({ txs: list(str) }),
  evidence: z.object({ evidence: list(z.unknown()) }).nullish(),
  last_commit: RpcCommit.nullish(),
});
export const RpcBlockResponse = z.object({ block_id: RpcBlockId, block: RpcBlock });

export const RpcEvent = z.object({
  type: str,
  attributes: list(z.object({ key: str.nullish(), value: str.nullish(), index: z.boolean().optional() })),
});
export const RpcExecTxResult = z.object({
  // Always sent by CometBFT 0.38 (0 included): without it, garbage would read as success.
  code: int,
  codespace: str.optional(),
  log: str.optional(),
  data: str.nullish(),
  gas_wanted: dec.optional(),
  gas_used: dec.optional(),
  events: list(RpcEvent),
});
export type RpcExecTxResult = z.infer<typeof RpcExecTxResult>;

/**
 * `block_results` of every generation: CometBFT 0.38 on sends `finalize_block_events` and an
 * `app_hash`; 0.37 and Tendermint 0.34 send `begin_block_events` and `end_block_events`. A
 * validator update's key is `pub_key` up to 0.38 and `pub_key_type` with `pub_key_bytes` from 1.0;
 * its JSON is read by validator-keys.ts, so a key of a shape not known is shown, not refused.
 */
export const RpcBlockResults = z.object({
  height: dec,
  txs_results: list(RpcExecTxResult),
  finalize_block_events: list(RpcEvent).optional(),
  begin_block_events: list(RpcEvent).optional(),
  end_block_events: list(RpcEvent).optional(),
  validator_updates: list(z.object({ pub_key: z.unknown().optional(), pub_key_type: str.optional(), pub_key_bytes: str.optional(), power: dec.optional() })),
  app_hash: str.optional(),
});
export type RpcBlockResults = z.output<typeof RpcBlockResults>;
export const RpcBlockMeta = z.object({ block_id: RpcBlockId, block_size: dec, header: RpcHeader, num_txs: int });
export const RpcBlockchain = z.object({ last_height: dec, block_metas: list(RpcBlockMeta) });
export const RpcBlockSearch = z.object({ blocks: list(RpcBlockResponse), total_count: int });

export const RpcTxResponse = z.object({ hash: str, height: dec, index: int, tx_result: RpcExecTxResult, tx: str });
export const RpcTxSearch = z.object({ txs: list(RpcTxResponse), total_count: int });
export const RpcBroadcast = z.object({ code: int, codespace: str.optional(), log: str.optional(), data: str.nullish(), hash: str });
/** The block's outcome is `tx_result` from CometBFT 0.38 on, `deliver_tx` before (rpc/core/types/responses.go). */
export const RpcBroadcastCommit = z
  .object({ check_tx: RpcExecTxResult, tx_result: RpcExecTxResult.optional(), deliver_tx: RpcExecTxResult.optional(), hash: str, height: dec })
  .refine((w) => w.tx_result !== undefined || w.deliver_tx !== undefined, { message: "neither tx_result (CometBFT 0.38 on) nor deliver_tx (before)", path: ["tx_result"] });

export const RpcAbciInfo = z.object({
  response: z.object({ data: str.optional(), version: str.optional(), app_version: dec.optional(), last_block_height: dec.optional(), last_block_app_hash: str.nullish() }),
});
export const RpcAbciQuery = z.object({
  response: z.object({ code: int.optional(), codespace: str.optional(), log: str.optional(), key: str.nullish(), value: str.nullish(), height: dec.optional(), index: dec.optional() }),
});

export const RpcStatus = z.object({
  node_info: z.object({ id: str, network: str, moniker: str, version: str, listen_addr: str }),
  sync_info: z.object({
    latest_block_hash: str,
    latest_app_hash: str,
    latest_block_height: dec,
    latest_block_time: str,
    earliest_block_height: dec,
    catching_up: z.boolean(),
  }),
  validator_info: z.object({ address: str, voting_power: dec, pub_key: z.object({ type: z.string().max(64), value: z.string().max(256) }).nullish().catch(null) }),
});

export const RpcPubKey = z.object({ type: str, value: str });
export const RpcValidators = z.object({
  block_height: dec,
  validators: list(z.object({ address: str, pub_key: RpcPubKey, voting_power: dec, proposer_priority: dec })),
  count: int,
  total: int,
});
export const RpcMempool = z.object({ n_txs: int, total: int, total_bytes: dec, txs: list(str) });
/** A peer connection's flow monitor; rates are bytes per second. */
const RpcFlowRate = z.object({ CurRate: int.optional(), AvgRate: int.optional(), Bytes: int.optional() });
export const RpcNetInfo = z.object({
  listening: z.boolean(),
  listeners: list(str),
  n_peers: int,
  peers: list(
    z.object({
      node_info: z.object({ id: str, moniker: str, listen_addr: str.optional() }),
      is_outbound: z.boolean(),
      remote_ip: str,
      connection_status: z.object({ SendMonitor: RpcFlowRate.optional(), RecvMonitor: RpcFlowRate.optional() }).optional(),
    }),
  ),
});
export const RpcConsensusParams = z.object({ block_height: dec, consensus_params: z.json() });
/** A genesis chunk is 16 MiB of the file: about 21.4 MiB of base64, far above other strings' cap. */
export const RpcGenesisChunk = z.object({ chunk: int, total: int, data: z.string().max(24 << 20) });
export const RpcHeaderAnswer = z.object({ header: RpcHeader });
export const RpcCommitAnswer = z.object({ signed_header: z.object({ header: RpcHeader, commit: RpcCommit }), canonical: z.boolean() });
export const RpcHealth = z.object({});
