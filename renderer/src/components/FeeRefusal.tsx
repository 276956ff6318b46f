import { useEffect, useRef } from "react";

/**
 * A fee the chain refused as too low, with the one thing to do about it: prepare the transaction
 * again at the price the chain asks for now. The button takes the focus, so Enter does it.
 */
export function FeeRefusal({ message, price, onReprice }: { message: string; price: string; onReprice: (price: string) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <div className="field-error" role="alert" data-testid="fee-refusal">
      <p>{message}</p>
      <button type="button" ref={button} onClick={() => onReprice(price)} data-testid="reprice">
        Prepare again at {price} per gas
      </button>
    </div>
  );
}
