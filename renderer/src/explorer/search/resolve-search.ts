import type { CometdeskApi } from "../../../../shared/api.js";
import { detailHash } from "../../links/routes.js";
import type { SearchTarget } from "./classify-input.js";

/**
 * The fragment a classified input leads to. A hash is asked of the node as a transaction first,
 * then as a block: the two share one format, and the node is the only one that knows which.
 */
export async function resolveSearch(api: CometdeskApi, target: SearchTarget): Promise<{ ok: true; hash: string } | { ok: false; reason: string }> {
  switch (target.kind) {
    case "invalid":
      return { ok: false, reason: target.reason };
    case "height":
      return { ok: true, hash: detailHash({ kind: "block", height: target.height }) };
    case "address":
      return { ok: true, hash: detailHash({ kind: "account", address: target.address }) };
    case "hash": {
      const [tx, block] = await Promise.all([api.chain.tx({ hash: target.hash }), api.chain.blockByHash({ hash: target.hash })]);
      if (tx.ok) return { ok: true, hash: detailHash({ kind: "tx", hash: target.hash }) };
      if (block.ok && block.value.blockId.hash) return { ok: true, hash: detailHash({ kind: "blockHash", hash: target.hash }) };
      return { ok: false, reason: `No transaction or block with hash ${target.hash} on this node.` };
    }
  }
}
