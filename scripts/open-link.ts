/**
 * `npm run open-link`: a new one-time link to the Cometdesk that `npm start` runs in browser
 * mode, without its terminal (scripts/start/link-renewal.ts). Prints it, writes it to
 * `open-link.txt` in the data folder, and opens it where there is a display.
 */
import { repoRoot } from "../devnet/lib/layout.js";
import { LinkRenewalError, renewLink, webDataDir } from "./start/link-renewal.js";
import { openInBrowser } from "./start/open-in-browser.js";

const say = (line: string) => process.stderr.write(`${line}\n`);
try {
  const link = await renewLink(webDataDir(repoRoot));
  process.stdout.write(`${link}\n`);
  say("  This link works once, within 5 minutes; run `npm run open-link` again for another.");
  openInBrowser(link, say);
} catch (error) {
  if (!(error instanceof LinkRenewalError)) throw error;
  say(`! ${error.message}`);
  process.exit(1);
}
