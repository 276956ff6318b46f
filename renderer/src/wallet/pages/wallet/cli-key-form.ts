/** What the import form sends for the text in its key field: the armor, or the hex; or what is wrong with it. */
export function cliKeyInput(text: string): { ok: true; input: { armor: string } | { hex: string } } | { ok: false; problem: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { ok: false, problem: "Paste the exported key, or pick its file." };
  if (trimmed.includes("-----BEGIN")) return { ok: true, input: { armor: trimmed } };
  if (/^(0x)?[0-9A-Fa-f]+$/.test(trimmed)) {
    return trimmed.replace(/^0x/, "").length === 64 ? { ok: true, input: { hex: trimmed } } : { ok: false, problem: "A hex key is 64 hexadecimal characters (32 bytes), as `simd keys export --unarmored-hex --unsafe` prints." };
  }
  return { ok: false, problem: "This is neither an armored key (-----BEGIN TENDERMINT PRIVATE KEY-----) nor 64 hexadecimal characters." };
}

/** What is wrong with a passphrase chosen for an export, or undefined (bcrypt reads 72 bytes at most). */
export function exportPassphraseProblem(passphrase: string, again: string): string | undefined {
  if (passphrase.length < 8) return "Choose a passphrase of at least 8 characters for the file.";
  if (new TextEncoder().encode(passphrase).length > 72) return "The passphrase is longer than the 72 bytes bcrypt reads: choose a shorter one.";
  if (passphrase !== again) return "The two passphrases differ.";
  return undefined;
}
