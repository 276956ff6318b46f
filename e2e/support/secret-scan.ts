/**
 * Looks for the run's secrets (access tokens, recovery phrases, private keys, the bridges'
 * long-lived secrets) in what the renderer saw: bridge frames, the DOM, web storage, and every
 * URL its pages loaded, navigated to or opened a WebSocket on. A finding names the secret's label and
 * where it was found, never the secret itself, so a failing test does not leak it into logs.
 */

/** A bridge secret is allowed nowhere: a page gets a one-time ticket and its own session secret. */
export type SecretKind = "token" | "mnemonic" | "private key" | "bridge secret";

export interface Secret {
  /** How a finding names it, e.g. "the devnet's access token" or "alice's recovery phrase". */
  readonly label: string;
  readonly kind: SecretKind;
  readonly value: string;
}

/** One piece of recorded text and where it came from. */
export interface Material {
  readonly where: string;
  readonly text: string;
  /**
   * The kinds that may appear in this piece by design: a recovery phrase in the answer of
   * `wallet.create` or `wallet.reveal`, or in `wallet.import`'s call (the user typed it), and
   * a token in the call of `network.setToken`, a private key in the call of `wallet.importCliKey` (the
   * user typed them). Nowhere else.
   */
  readonly allowed?: readonly SecretKind[];
}

export interface Finding {
  readonly label: string;
  readonly where: string;
}

export interface ScanReport {
  readonly findings: readonly Finding[];
  readonly pieces: number;
  readonly bytes: number;
}

/**
 * A phrase counts as leaked when this many of its words appear in a row: enough to make a
 * chance match among ordinary text impossible in practice, few enough to catch a phrase split
 * over list items, copied in part, or cut by a length limit.
 */
export const PHRASE_RUN = 5;

/** Lower-case words, with markup tags dropped so a phrase split over `<li>`s reads as one run. */
const words = (text: string): string[] => text.replace(/<[^>]*>/g, " ").toLowerCase().match(/[a-z]+/g) ?? [];

function phraseRuns(mnemonic: string): Set<string> {
  const w = words(mnemonic);
  const runs = new Set<string>();
  for (let i = 0; i + PHRASE_RUN <= w.length; i++) runs.add(w.slice(i, i + PHRASE_RUN).join(" "));
  return runs;
}

function containsRun(materialWords: readonly string[], runs: ReadonlySet<string>): boolean {
  for (let i = 0; i + PHRASE_RUN <= materialWords.length; i++) {
    if (runs.has(materialWords.slice(i, i + PHRASE_RUN).join(" "))) return true;
  }
  return false;
}

/** The forms a token or key can take in text: as is, URL-encoded, and (keys) base64. */
function forms(secret: Secret): string[] {
  if (secret.kind === "private key") {
    const hex = secret.value.toLowerCase();
    return [hex, Buffer.from(hex, "hex").toString("base64")];
  }
  return [...new Set([secret.value, encodeURIComponent(secret.value)])];
}

/** Every place a secret appears where it is not allowed. */
export function scanForSecrets(materials: readonly Material[], secrets: readonly Secret[]): ScanReport {
  const usable = secrets.filter((s) => s.value.length >= 8);
  const phrases = usable.filter((s) => s.kind === "mnemonic").map((s) => ({ secret: s, runs: phraseRuns(s.value) }));
  const literal = usable.filter((s) => s.kind !== "mnemonic").map((s) => ({ secret: s, forms: forms(s) }));
  const findings: Finding[] = [];
  let bytes = 0;
  for (const m of materials) {
    bytes += Buffer.byteLength(m.text);
    const lower = m.text.toLowerCase();
    for (const { secret, forms: f } of literal) {
      if (m.allowed?.includes(secret.kind)) continue;
      const hit = secret.kind === "private key" ? f.some((x, i) => (i === 0 ? lower.includes(x) : m.text.includes(x))) : f.some((x) => m.text.includes(x));
      if (hit) findings.push({ label: secret.label, where: m.where });
    }
    if (m.allowed?.includes("mnemonic") || phrases.length === 0) continue;
    const materialWords = words(m.text);
    for (const { secret, runs } of phrases) if (containsRun(materialWords, runs)) findings.push({ label: secret.label, where: m.where });
  }
  return { findings, pieces: materials.length, bytes };
}

/** One line per finding, for a test's failure message: labels and places only. */
export function describeFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.label} found in ${f.where}`).join("\n");
}
