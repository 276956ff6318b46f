import { useVirtualizer } from "@tanstack/react-virtual";
import { useMemo, useRef } from "react";
import type { ValidatorSet } from "../../queries/validator-queries.js";
import { operatorAccount } from "../../../../../shared/cosmos/staking/address-role.js";
import { detailHash } from "../../../links/routes.js";
import { useRovingRows } from "../../components/use-roving-rows.js";
import { ValidatorName } from "../../components/ValidatorName.js";
import { powerShare } from "../../validators/signing-record.js";
import type { MonikerMap } from "../../validators/use-monikers.js";

const ROW_PX = 52;

/**
 * The set as a virtualised list, so hundreds of validators stay fast. Arrow keys move between
 * rows; Enter opens the operator's account (its transactions) when the staking module names it.
 */
export function ValidatorList({ validators, monikers }: { validators: ValidatorSet["validators"]; monikers: MonikerMap }) {
  const total = useMemo(() => validators.reduce((s, v) => s + BigInt(v.votingPower), 0n), [validators]);
  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({ count: validators.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_PX, overscan: 8 });
  const open = (i: number) => {
    const operator = monikers.get(validators[i]?.address.toUpperCase() ?? "")?.operatorAddress;
    const account = operator === undefined ? undefined : operatorAccount(operator);
    if (account) window.location.hash = detailHash({ kind: "account", address: account });
  };
  const keys = useRovingRows(validators.map((v) => v.address), virtual, scroller, open);
  return (
    <>
      <div className="table-head validators-grid" role="row">
        <span role="columnheader">Validator</span><span role="columnheader">Voting power</span><span role="columnheader">Share</span><span role="columnheader">Proposer priority</span>
      </div>
      <div ref={scroller} className="virtual-scroll" role="table" aria-label="Validators" aria-rowcount={validators.length} data-testid="validators-list" onKeyDown={keys.onKeyDown} style={{ height: Math.min(virtual.getTotalSize() + 2, 18 * 16) }}>
        <div style={{ height: virtual.getTotalSize(), position: "relative" }}>
          {virtual.getVirtualItems().map((item) => {
            const v = validators[item.index]!;
            return (
              <div key={v.address} role="row" aria-rowindex={item.index + 1} className="validators-grid virtual-row" data-address={v.address} style={{ transform: `translateY(${item.start}px)`, height: ROW_PX }} {...keys.rowProps(item.index)}>
                <span role="cell"><ValidatorName address={v.address} monikers={monikers} /></span>
                <span role="cell" data-testid="validator-power">{v.votingPower}</span>
                <span role="cell">{powerShare(v.votingPower, total)} %</span>
                <span role="cell">{v.proposerPriority}</span>
              </div>
            );
          })}
        </div>
      </div>
    </>
  );
}
