import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import type { LedgerTransport } from "../ledger-device.js";

/**
 * The Ledger APDU transcripts: answers recorded from a Ledger running the Crypto.org variant of the
 * Cosmos app, one JSON file per case, kept beside the repository (`../shared/ledger` from its root,
 * or the folder COMETDESK_LEDGER_TRANSCRIPTS names) and read at test time, not copied in. Each
 * file carries its sign doc, the device's key, the signature or the refusal, and the APDU
 * exchange as `@ledgerhq/hw-transport-mocker` RecordStore text.
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The checkout a clone was made from, when it is a folder on this machine (a CI clone of the working copy). */
function originCheckout(): string | undefined {
  try {
    const url = execFileSync("git", ["config", "--get", "remote.origin.url"], { cwd: repoRoot, encoding: "utf8" }).trim();
    return isAbsolute(url) ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Where the transcripts were looked for, in order: the variable's folder, beside this checkout, beside the one it was cloned from. */
export const TRANSCRIPT_PLACES: readonly string[] = process.env.COMETDESK_LEDGER_TRANSCRIPTS
  ? [resolve(process.env.COMETDESK_LEDGER_TRANSCRIPTS)]
  : [resolve(repoRoot, "../shared/ledger"), ...(originCheckout() ? [resolve(originCheckout()!, "../shared/ledger")] : [])];
export const TRANSCRIPTS_DIR: string | undefined = TRANSCRIPT_PLACES.find((p) => existsSync(p));
/** Said in the name of every suite that needs the transcripts when none were found, so a skip is never silent. */
export const NO_TRANSCRIPTS = `Ledger transcripts not found (looked in ${TRANSCRIPT_PLACES.join(", ")}): set COMETDESK_LEDGER_TRANSCRIPTS to their folder`;

const Coin = z.object({ denom: z.string(), amount: z.string() });
export const Transcript = z.object({
  case: z.string(),
  operation: z.enum(["signAmino", "showAddress"]),
  app: z.object({ name: z.string(), version: z.string() }),
  path: z.string(),
  prefix: z.string(),
  address: z.string(),
  pubkey: z.object({ hex: z.string(), base64: z.string() }),
  accounts: z.array(z.object({ path: z.string(), address: z.string() })),
  ledgerSignerOptions: z.object({ hdPaths: z.array(z.string()), prefix: z.string(), ledgerAppName: z.string() }),
  signDoc: z
    .object({
      object: z.object({ chain_id: z.string(), account_number: z.string(), sequence: z.string(), memo: z.string(), fee: z.object({ amount: z.array(Coin), gas: z.string() }), msgs: z.array(z.object({ type: z.string(), value: z.record(z.string(), z.unknown()) })) }),
      json: z.string(),
      byteLength: z.number(),
    })
    .optional(),
  signature: z.object({ base64: z.string() }).nullable().optional(),
  verified: z.boolean().optional(),
  refused: z.object({ statusWord: z.string(), returnCode: z.number(), errorMessage: z.string() }).optional(),
  apdus: z.string(),
});
export type Transcript = z.infer<typeof Transcript>;

/**
 * Every transcript file, by case name; empty when the folder is nowhere to be found, and the
 * suites then skip under a name that says so (NO_TRANSCRIPTS).
 */
export function loadTranscripts(): Map<string, Transcript> {
  if (!TRANSCRIPTS_DIR) return new Map();
  const files = readdirSync(TRANSCRIPTS_DIR).filter((f) => f.endsWith(".json")).sort();
  return new Map(files.map((f) => {
    const t = Transcript.parse(JSON.parse(readFileSync(join(TRANSCRIPTS_DIR!, f), "utf8")));
    return [t.case, t];
  }));
}

interface Mocker {
  RecordStore: { fromString(text: string): RecordStoreLike };
  openTransportReplayer(store: RecordStoreLike): Promise<LedgerTransport>;
}
export interface RecordStoreLike {
  isEmpty(): boolean;
  ensureQueueEmpty(): void;
}

/** The mocker's CommonJS build: its ESM build uses extension-less imports Node does not resolve. */
const mocker = createRequire(import.meta.url)("@ledgerhq/hw-transport-mocker") as Mocker;

/** A transport answering exactly the recorded exchange (strict: another APDU or order fails), and its store. */
export async function replay(apdus: string): Promise<{ transport: LedgerTransport; store: RecordStoreLike }> {
  const store = mocker.RecordStore.fromString(apdus);
  return { transport: await mocker.openTransportReplayer(store), store };
}
