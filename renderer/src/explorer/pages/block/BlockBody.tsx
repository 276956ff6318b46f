import type { ResultOf } from "../../../../../shared/contract/index.js";
import { Hash } from "../../../links/links.js";
import { Facts } from "../../../components/states.js";
import { ChainText } from "../../../components/text/ChainText.js";
import { ChainTime } from "../../../components/ChainTime.js";
import { BlockResultsSection } from "./BlockResultsSection.js";
import { BlockTxs } from "./BlockTxs.js";
import { CommitSection } from "./CommitSection.js";
import { HeaderRaw } from "./HeaderRaw.js";

type Block = ResultOf<"chain.block">;

/** One block: header fields, then its transactions, who signed it and what executing it produced. */
export function BlockBody({ block }: { block: Block }) {
  const h = block.header;
  const height = BigInt(h.height);
  return (
    <article className="stack" data-testid="block-detail" data-height={h.height}>
      <nav className="row" aria-label="Neighbouring blocks">
        {height > 1n && <a href={`#/block/${height - 1n}`}>← Block {String(height - 1n)}</a>}
        <a href={`#/block/${height + 1n}`}>Block {String(height + 1n)} →</a>
      </nav>
      <h2>Block {h.height}</h2>
      <Facts
        testId="block-facts"
        rows={[
          ["Height", h.height],
          ["Hash", <Hash value={block.blockId.hash} />],
          ["Time", <ChainTime value={h.time} />],
          ["Chain id", <ChainText value={h.chainId} />],
          ["Transactions", String(block.txCount)],
          ["Proposer", <Hash value={h.proposerAddress} />],
          ["Previous block", h.lastBlockId ? <Hash value={h.lastBlockId.hash} /> : "none (first block)"],
          ["App hash", <Hash value={h.appHash} />],
          ["Data hash", <Hash value={h.dataHash} />],
          ["Validators hash", <Hash value={h.validatorsHash} />],
          ["Next validators hash", <Hash value={h.nextValidatorsHash} />],
          ["Consensus hash", <Hash value={h.consensusHash} />],
          ["Last commit hash", <Hash value={h.lastCommitHash} />],
          ["Last results hash", <Hash value={h.lastResultsHash} />],
          ["Evidence", `${block.evidenceCount} (hash ${h.evidenceHash || "—"})`],
          ["Version", `block ${h.version.block}, app ${h.version.app}`],
          ["Parts", `${block.blockId.partsTotal} (hash ${block.blockId.partsHash})`],
        ]}
      />
      <HeaderRaw height={h.height} hash={block.blockId.hash} />
      <BlockTxs block={block} />
      <CommitSection height={h.height} />
      <BlockResultsSection height={h.height} />
    </article>
  );
}
