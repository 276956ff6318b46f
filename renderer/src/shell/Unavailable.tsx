/** Shown when the renderer has no main process to talk to. */
export function Unavailable({ message }: { message: string }) {
  return (
    <main className="centered">
      <div className="card" role="alert">
        <h1>Cometdesk cannot start</h1>
        <p>{message}</p>
      </div>
    </main>
  );
}
