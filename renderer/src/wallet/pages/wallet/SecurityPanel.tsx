import { ChangePassword } from "./ChangePassword.js";
import { RevealPhrase } from "./RevealPhrase.js";

/** The wallet's own secrets: its recovery phrase for a backup, and its password. */
export function SecurityPanel({ unlocked }: { unlocked: boolean }) {
  return (
    <section aria-labelledby="security-title" className="panel">
      <h2 id="security-title">Security</h2>
      <h3>Recovery phrase</h3>
      <RevealPhrase unlocked={unlocked} />
      <h3>Password</h3>
      <ChangePassword />
    </section>
  );
}
