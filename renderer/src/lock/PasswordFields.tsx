/** A new password typed twice; the parent checks that they match. */
export function PasswordFields(props: { password: string; confirm: string; onPassword: (v: string) => void; onConfirm: (v: string) => void }) {
  return (
    <>
      <label htmlFor="new-password">Password (at least 8 characters)</label>
      <input id="new-password" type="password" autoComplete="new-password" minLength={8} required value={props.password} onChange={(e) => props.onPassword(e.target.value)} />
      <label htmlFor="confirm-password">Password again</label>
      <input id="confirm-password" type="password" autoComplete="new-password" required value={props.confirm} onChange={(e) => props.onConfirm(e.target.value)} />
    </>
  );
}

/** Why a new password cannot be used yet, or undefined. */
export function passwordProblem(password: string, confirm: string): string | undefined {
  if (password.length < 8) return "Use at least 8 characters.";
  if (password !== confirm) return "The two passwords differ.";
  return undefined;
}
