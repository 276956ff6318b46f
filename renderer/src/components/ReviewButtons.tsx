import { BusyButton } from "./BusyButton.js";

/** The two buttons under every review of what main signs: sign and send, or go back and edit. */
export function ReviewButtons({ ready, pending, onSend, onBack }: { ready: boolean; pending: boolean; onSend: () => void; onBack: () => void }) {
  return (
    <div className="row">
      <BusyButton type="button" busy={pending} busyLabel="Signing and sending…" disabled={!ready} onClick={onSend}>Sign and send</BusyButton>
      {/* eslint-disable-next-line no-restricted-syntax -- not the button pressed (that one keeps the focus); going back mid-send would leave the send running unseen. */}
      <button type="button" className="secondary" disabled={pending} onClick={onBack}>Back to the form</button>
    </div>
  );
}
