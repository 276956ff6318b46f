/**
 * A new browser-mode link without the terminal that runs `npm start`: `npm run open-link` (one
 * that started from a launcher, a service or a closed terminal has no Enter to press). The
 * running app leaves in its data folder where it hands out tickets (`browser-link.json`); the
 * command asks it for a fresh one-time ticket, writes the link to `open-link.txt` beside it,
 * prints it and opens it. Each link still works once, within 5 minutes.
 *
 * Threat: `browser-link.json` holds the bridge's secret, which opens the app. It is as private
 * as the tokens file next to it (owner-only, in the owner's data folder): whoever can read it can
 * already read the tokens, as whoever holds the terminal can press Enter. It never goes into a
 * URL or a command line, and it is removed when the app stops.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { appLink } from "../../electron/bridge/browser-mode.js";

export const LINK_ACCESS_FILE = "browser-link.json";
export const LINK_FILE = "open-link.txt";

const LinkAccess = z.object({
  ticketUrl: z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}\/ticket$/),
  secret: z.string().min(16).max(256),
  baseUrl: z.string().regex(/^http:\/\/127\.0\.0\.1:\d{1,5}\//).max(2048),
  route: z.string().regex(/^[a-z0-9/-]{0,64}$/),
});
export type LinkAccess = z.infer<typeof LinkAccess>;

/** A renewal that could not be made, in words for the person who asked. */
export class LinkRenewalError extends Error {}

const owner = { mode: 0o600 } as const;

/** The browser mode's data folder, as `npm start` and `npm run open-link` both read it. */
export function webDataDir(repoRoot: string): string {
  return process.env.COMETDESK_WEB_DATA_DIR ?? join(repoRoot, ".cometdesk-web");
}

/** Written by the running app: where `npm run open-link` asks for tickets; and its first link. */
export async function offerLinkRenewal(dataDir: string, access: LinkAccess, firstLink: string): Promise<() => Promise<void>> {
  // Removed first: writeFile's mode applies only to a file it creates.
  await rm(join(dataDir, LINK_ACCESS_FILE), { force: true });
  await writeFile(join(dataDir, LINK_ACCESS_FILE), `${JSON.stringify(LinkAccess.parse(access))}\n`, owner);
  await writeLink(dataDir, firstLink);
  return async () => {
    await rm(join(dataDir, LINK_ACCESS_FILE), { force: true });
    await rm(join(dataDir, LINK_FILE), { force: true });
  };
}

async function writeLink(dataDir: string, link: string): Promise<void> {
  await rm(join(dataDir, LINK_FILE), { force: true });
  await writeFile(join(dataDir, LINK_FILE), `${link}\n`, owner);
}

/** Asks the running app for a fresh one-time link, writes it to `open-link.txt` and answers it. */
export async function renewLink(dataDir: string, timeoutMs = 10_000): Promise<string> {
  const notRunning = `Cometdesk is not running in browser mode with the data folder ${dataDir}: start it with \`npm start\` (or set COMETDESK_WEB_DATA_DIR to the folder it runs with).`;
  let text: string;
  try {
    text = await readFile(join(dataDir, LINK_ACCESS_FILE), "utf8");
  } catch {
    throw new LinkRenewalError(notRunning);
  }
  const parsed = LinkAccess.safeParse(((): unknown => { try { return JSON.parse(text); } catch { return undefined; } })());
  if (!parsed.success) throw new LinkRenewalError(`${join(dataDir, LINK_ACCESS_FILE)} is not what the running app writes: restart it with \`npm start\`.`);
  const access = parsed.data;
  let answer: Response;
  try {
    answer = await fetch(access.ticketUrl, { method: "POST", headers: { authorization: `Bearer ${access.secret}` }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new LinkRenewalError(`${notRunning} (Its bridge at ${access.ticketUrl} does not answer: it may have stopped without tidying up.)`);
  }
  if (!answer.ok) throw new LinkRenewalError(`The running app refused to hand out a link (HTTP ${answer.status}): restart it with \`npm start\`.`);
  const body = z.object({ ticket: z.string().regex(/^[0-9a-f]{16,128}$/) }).safeParse(await answer.json().catch(() => undefined));
  if (!body.success) throw new LinkRenewalError("The running app answered something other than a ticket: restart it with `npm start`.");
  const link = appLink(access.baseUrl, body.data.ticket, access.route);
  await writeLink(dataDir, link);
  return link;
}
