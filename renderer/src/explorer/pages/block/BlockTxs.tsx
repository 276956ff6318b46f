import type { ResultOf } from "../../../../../shared/contract/index.js";
import { TxHashLink } from "../../../links/links.js";
import { Empty } from "../../../components/states.js";
import { TxView } from "../../components/TxView.js";
import { useExplorer } from "../../components/use-explorer.js";

/** The block's transactions, each decoded on demand (a <details> renders its body only when open). */
export function BlockTxs({ block }: { block: ResultOf<"chain.block"> }) {
  const { network } = useExplorer();
  return (
    <section aria-labelledby="block-txs-h">
      <h3 id="block-txs-h">Transactions ({block.txs.length})</h3>
      {block.txs.length === 0 ? (
        <Empty>This block has no transactions.</Empty>
      ) : (
        <ol className="block-txs" data-testid="block-txs">
          {block.txs.map((tx, i) => (
            <li key={block.txHashes[i]}>
              <details>
                <summary>
                  <TxHashLink hash={block.txHashes[i]!} full />
                </summary>
                <TxView base64={tx} prefix={network?.bech32Prefix} />
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
