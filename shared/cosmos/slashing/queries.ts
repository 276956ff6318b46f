import { fromBase64, fromBech32, toHex } from "@cosmjs/encoding";
import { QueryParamsRequest, QueryParamsResponse, QuerySigningInfosRequest, QuerySigningInfosResponse } from "cosmjs-types/cosmos/slashing/v1beta1/query";
import type { ResultOf } from "../../contract/index.js";

type AbciQuery = (args: { path: string; data?: string; height?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** The x/slashing reads the watch makes (https://docs.cosmos.network/main/build/modules/slashing#queries). */
export const SIGNING_INFOS_PATH = "/cosmos.slashing.v1beta1.Query/SigningInfos";
export const SLASHING_PARAMS_PATH = "/cosmos.slashing.v1beta1.Query/Params";
const PAGE = 200n;
/** 50 pages of 200: a bound on a hostile node's paging. */
const MAX_PAGES = 50;

/** A validator's liveness record, keyed by its CometBFT address (upper-case hex). */
export interface SigningInfo {
  readonly address: string;
  readonly missedBlocks: number;
  readonly tombstoned: boolean;
  /** ISO time; the epoch when the validator was never jailed for downtime. */
  readonly jailedUntil: string;
}

export interface SlashingParams {
  /** The window the chain counts missed blocks over. */
  readonly signedBlocksWindow: number;
  /** The share of the window a validator must sign, 0..1; missing more jails it. */
  readonly minSignedPerWindow: number;
}

/** Thrown when the module answers with an error code or bytes that do not decode. */
export class SlashingQueryError extends Error {
  constructor(readonly what: string, readonly reason: string) {
    super(`the slashing module's ${what} could not be read: ${reason}`);
  }
}

/** The slashing module's parameters; the window and the jail threshold of downtime. */
export async function readSlashingParams(abciQuery: AbciQuery): Promise<SlashingParams> {
  const answer = await abciQuery({ path: SLASHING_PARAMS_PATH, data: toHex(QueryParamsRequest.encode({}).finish()) });
  if (answer.code !== 0) throw new SlashingQueryError("parameters", (answer.log || `code ${answer.code}`).slice(0, 300));
  let params: QueryParamsResponse["params"];
  try {
    params = QueryParamsResponse.decode(fromBase64(answer.value)).params;
  } catch {
    throw new SlashingQueryError("parameters", "the answer did not decode");
  }
  const window = Number(params.signedBlocksWindow);
  // LegacyDec travels as the decimal string of its value times 10^18.
  const raw = new TextDecoder().decode(params.minSignedPerWindow);
  const share = /^\d{1,40}$/.test(raw) ? Number(raw) / 1e18 : Number.NaN;
  if (!Number.isSafeInteger(window) || window <= 0 || !(share >= 0 && share <= 1)) throw new SlashingQueryError("parameters", "they are out of range");
  return { signedBlocksWindow: window, minSignedPerWindow: share };
}

/** Every validator's signing info at the latest height, paged, keyed by CometBFT address. */
export async function readSigningInfos(abciQuery: AbciQuery): Promise<SigningInfo[]> {
  const infos: SigningInfo[] = [];
  let key: Uint8Array = new Uint8Array();
  let height: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = QuerySigningInfosRequest.fromPartial({ pagination: { key, limit: PAGE } });
    const answer = await abciQuery({ path: SIGNING_INFOS_PATH, data: toHex(QuerySigningInfosRequest.encode(request).finish()), height });
    if (answer.code !== 0) throw new SlashingQueryError("signing infos", (answer.log || `code ${answer.code}`).slice(0, 300));
    height = answer.height; // later pages at the first page's height: one answer, one state
    let decoded: QuerySigningInfosResponse;
    try {
      decoded = QuerySigningInfosResponse.decode(fromBase64(answer.value));
    } catch {
      throw new SlashingQueryError("signing infos", "the answer did not decode");
    }
    for (const info of decoded.info) {
      let address: string;
      try {
        address = toHex(fromBech32(info.address, 90).data).toUpperCase(); // 90: the bech32 spec limit (the default no longer parses)
      } catch {
        continue; // an address that does not decode names nobody; the others still count
      }
      const seconds = Number(info.jailedUntil?.seconds ?? 0n);
      infos.push({
        address,
        missedBlocks: Math.max(0, Number(info.missedBlocksCounter)),
        tombstoned: info.tombstoned,
        jailedUntil: new Date(Number.isFinite(seconds) && Math.abs(seconds) < 8.64e12 ? seconds * 1000 : 0).toISOString(),
      });
    }
    key = decoded.pagination?.nextKey ?? new Uint8Array();
    if (key.length === 0) break;
  }
  return infos;
}
