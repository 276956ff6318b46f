import { useMemo, useState } from "react";
import { phraseQuestions } from "./confirm-phrase.js";

/** Asks back three words of the new phrase, so "I wrote it down" is checked, not just clicked. */
export function ConfirmPhrase({ words, onConfirmed, onShowAgain }: { words: readonly string[]; onConfirmed: () => void; onShowAgain: () => void }) {
  const questions = useMemo(() => phraseQuestions(words), [words]);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const check = () => {
    const wrong = questions.find((q) => chosen[q.position] !== words[q.position - 1]);
    if (wrong) setProblem(`That is not word ${wrong.position}. Check what you wrote down, or look at the phrase again.`);
    else onConfirmed();
  };
  return (
    <main className="centered" aria-labelledby="confirm-title">
      <div className="card">
        <h1 id="confirm-title">Confirm your recovery phrase</h1>
        <p>Pick each word from what you wrote down.</p>
        {questions.map((q, qi) => (
          <div key={q.position} role="group" aria-label={`Word ${q.position}`} className="row">
            <span className="muted">Word {q.position}</span>
            {q.options.map((o, oi) => (
              // The first choice takes the keyboard from "I have written it down", which is gone.
              <button key={o} type="button" autoFocus={qi === 0 && oi === 0} className={chosen[q.position] === o ? "" : "secondary"} aria-pressed={chosen[q.position] === o} onClick={() => setChosen((c) => ({ ...c, [q.position]: o }))}>{o}</button>
            ))}
          </div>
        ))}
        {problem && <p className="form-error" role="alert">{problem}</p>}
        <div className="row">
          <button type="button" disabled={Object.keys(chosen).length < questions.length} onClick={check}>Confirm</button>
          <button type="button" className="secondary" onClick={onShowAgain}>Show the phrase again</button>
        </div>
      </div>
    </main>
  );
}
