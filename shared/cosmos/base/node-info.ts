import { fromBase64, toHex } from "@cosmjs/encoding";
import { GetNodeInfoRequest, GetNodeInfoResponse } from "cosmjs-types/cosmos/base/tendermint/v1beta1/query";
import type { ResultOf } from "../../contract/index.js";

type AbciQuery = (args: { path: string; data?: string }) => Promise<ResultOf<"chain.abciQuery">>;

/** The SDK's node service (cosmos-sdk client/grpc/cmtservice/service.go), reachable over abci_query. */
export const NODE_INFO_PATH = "/cosmos.base.tendermint.v1beta1.Service/GetNodeInfo";
const SEMVER = /^v?\d{1,4}\.\d{1,4}\.\d{1,6}(?:[-+][\w.+-]{0,64})?$/;

/**
 * The Cosmos SDK version the application was built with (its `cosmos_sdk_version`, from the
 * binary's module list), or null when the node does not say: no such service, a refusal, or an
 * answer that is not a version.
 */
export async function readSdkVersion(abciQuery: AbciQuery): Promise<string | null> {
  const answer = await abciQuery({ path: NODE_INFO_PATH, data: toHex(GetNodeInfoRequest.encode({}).finish()) });
  if (answer.code !== 0) return null;
  try {
    const v = GetNodeInfoResponse.decode(fromBase64(answer.value)).applicationVersion?.cosmosSdkVersion ?? "";
    return SEMVER.test(v) ? v : null;
  } catch {
    return null;
  }
}
