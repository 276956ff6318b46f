/**
 * A transaction in a mempool: it cannot be cancelled any more, and, when it carries a timeout
 * height, the blocks left before it is void, counted down from the live feed's `height`.
 */
export function BroadcastNote({ timeoutHeight, height }: { timeoutHeight?: string; height?: string | null }) {
  const timeout = timeoutHeight && /^\d+$/.test(timeoutHeight) && timeoutHeight !== "0" ? BigInt(timeoutHeight) : undefined;
  const left = timeout !== undefined && height && /^\d+$/.test(height) ? timeout - BigInt(height) : undefined;
  return (
    <p data-testid="broadcast-note">
      In the mempool; waiting for a block. It can no longer be cancelled: a Cosmos chain cannot take a transaction back.
      {timeout !== undefined && (
        <span data-testid="timeout-countdown">
          {" "}If no block includes it by height {timeout.toString()}, it is void{left !== undefined && left > 0n ? `: ${left.toString()} block${left === 1n ? "" : "s"} to go` : ""}.
        </span>
      )}
    </p>
  );
}
