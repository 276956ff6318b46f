/** The two buttons under every review of what main signs: sign and send, or go back and edit. */
export function ReviewButtons({ ready, pending, onSend, onBack }: { ready: boolean; pending: boolean; onSend: () => void; onBack: () => void }) {
  return (
    <div className="row">
      <button type="button" disabled={!ready || pending} onClick={onSend}>{pending ? "Signing and sending…" : "Sign and send"}</button>
      <button type="button" className="secondary" disabled={pending} onClick={onBack}>Back to the form</button>
    </div>
  );
}
