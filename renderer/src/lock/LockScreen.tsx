import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useApi } from "../api/api-context.js";
import { unwrap } from "../api/unwrap.js";
import { FieldProblem, tiedTo } from "../components/FieldProblem.js";
import { useAction } from "../api/use-action.js";
import { walletKeys } from "../queries/wallet-queries.js";
import { MAX_PASSWORD } from "../../../shared/wallet/password-rules.js";

/** The vault is locked: nothing but the password field until it is unlocked. */
export function LockScreen() {
  const api = useApi();
  const client = useQueryClient();
  const [password, setPassword] = useState("");
  const unlock = useAction(async () => {
    const status = await unwrap(api.wallet.unlock({ password }));
    setPassword("");
    client.setQueryData(walletKeys.status(), status);
  });
  // No wallet's password is longer than main allows a new one to be: said here, not sent.
  const [tooLong, setTooLong] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (unlock.pending) return;
    const long = password.length > MAX_PASSWORD;
    setTooLong(long);
    unlock.clearError();
    if (!long) void unlock.run();
  };
  const error = tooLong ? `That is not the wallet's password: a wallet's password has at most ${MAX_PASSWORD.toLocaleString("en")} characters.` : unlock.error;
  return (
    <main className="centered lock-screen" aria-labelledby="lock-title">
      <form className="card" onSubmit={submit}>
        <h1 id="lock-title">Cometdesk is locked</h1>
        <p>Enter your wallet password to unlock.</p>
        <label htmlFor="unlock-password">Password</label>
        <input
          id="unlock-password"
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setTooLong(false);
          }}
          {...tiedTo("unlock-password", error)}
        />
        <FieldProblem id="unlock-password" problem={error} alert />
        {/* eslint-disable-next-line no-restricted-syntax -- busy, not disabled, while main checks (`&& !unlock.pending`): BusyButton's rule, written out to keep the first script small. */}
        <button type="submit" disabled={password.length === 0 && !unlock.pending} aria-disabled={unlock.pending || undefined}>{unlock.pending ? "Unlocking…" : "Unlock"}</button>
      </form>
    </main>
  );
}
