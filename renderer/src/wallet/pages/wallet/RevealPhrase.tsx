import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { ApiError, unwrap } from "../../../api/unwrap.js";
import { useAction } from "../../../api/use-action.js";
import { FieldProblem, tiedTo } from "../../../components/FieldProblem.js";
import { FormError } from "../../../components/FormError.js";
import { passwordRefusal, phraseWords, typedPasswordProblem } from "./security-form.js";
import { useOnLock } from "./use-on-lock.js";
import { BusyButton } from "../../../components/BusyButton.js";

const FIELD = "reveal-password";

/**
 * The recovery phrase for a backup, only with the wallet's password typed again (main checks it
 * against the vault even while unlocked). The phrase lives in this component's state alone, never
 * in the query cache or storage, and goes when hidden, when the page goes and when the wallet locks.
 */
export function RevealPhrase({ unlocked }: { unlocked: boolean }) {
  const api = useApi();
  const [password, setPassword] = useState("");
  const [phrase, setPhrase] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const field = useRef<HTMLInputElement>(null);
  const words = useRef<HTMLOListElement>(null);
  // Bumped whenever the phrase must go, so an answer that arrives after a lock or a Hide is dropped.
  const generation = useRef(0);
  const forget = useCallback(() => {
    generation.current++;
    setPhrase(undefined);
    setPassword("");
    setProblem(undefined);
  }, []);
  useOnLock(forget);
  useEffect(() => {
    if (!unlocked) forget();
  }, [unlocked, forget]);
  useEffect(() => () => void generation.current++, []);
  const reveal = useAction(async (typed: string) => {
    const asked = generation.current;
    try {
      const { mnemonic } = await unwrap(api.wallet.reveal({ password: typed }));
      if (asked !== generation.current) return;
      setPassword("");
      setPhrase(mnemonic);
    } catch (e) {
      const why = passwordRefusal(e instanceof ApiError ? e.code : undefined, "password");
      if (!why) throw e;
      setProblem(why);
      field.current?.focus();
      field.current?.select();
    }
  });
  // Each view replaces the other: the phrase takes the keyboard (Tab then reaches Hide), and after
  // Hide the password field does, instead of the page's body.
  const hiddenByUser = useRef(false);
  useEffect(() => {
    if (phrase) words.current?.focus();
    else if (hiddenByUser.current) field.current?.focus();
    hiddenByUser.current = false;
  }, [phrase]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reveal.pending) return;
    const why = typedPasswordProblem(password);
    setProblem(why);
    reveal.clearError();
    if (why) field.current?.focus();
    else void reveal.run(password);
  };
  const hide = () => {
    hiddenByUser.current = true;
    forget();
  };
  if (phrase) {
    const list = phraseWords(phrase);
    return (
      <div className="stack revealed-phrase">
        <p className="field-warning">Anyone with these words controls this wallet's funds. Write them down on paper, out of sight of cameras, and never type them into a website.</p>
        <ol className="mnemonic" data-testid="revealed-phrase" ref={words} tabIndex={-1} aria-label={`Recovery phrase, ${list.length} words`}>
          {list.map((word, i) => <li key={i}>{word}</li>)}
        </ol>
        <div className="row">
          <button type="button" onClick={hide}>Hide the recovery phrase</button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={reveal.pending || undefined} className="form-grid">
      <p className="muted">Write the phrase down to restore this wallet on another computer. It is shown here after you type the wallet's password again.</p>
      <div className="field">
        <label htmlFor={FIELD}>Wallet password</label>
        <input
          id={FIELD}
          ref={field}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setProblem(undefined);
          }}
          {...tiedTo(FIELD, problem)}
        />
        <FieldProblem id={FIELD} problem={problem} alert />
      </div>
      <FormError message={reveal.error} />
      <div className="row">
        <BusyButton busy={reveal.pending} busyLabel="Checking…">Show the recovery phrase</BusyButton>
      </div>
    </form>
  );
}
