/**
 * A validator set of real size against the four: on a four-validator devnet, then on one with
 * 150 more bonded beside them and 60 unbonded (`--extra-validators`, `--unbonded-validators`),
 * the Validators page from the moment it is opened to its last row drawn, and the watch's cost
 * per block (its RPC calls and main's time from the feed's block to the watch's update).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { reset, up } from "../../devnet/lib/devnet.js";
import { layoutFromEnv, repoRoot } from "../../devnet/lib/layout.js";
import { consoleProgress } from "../../devnet/lib/progress.js";
import { launchChromium } from "../../e2e/support/browser.js";
import { startBrowserMode } from "../../electron/bridge/browser-mode.js";
import { createServices } from "../../electron/services/create-services.js";
import type { Goal, Section } from "./section.js";
import { quantile } from "./stats.js";
import { follow } from "./watch.js";

interface SetRun {
  readonly label: string;
  readonly bonded: number;
  readonly staking: number;
  readonly pageMs: number[];
  readonly watch: Awaited<ReturnType<typeof follow>>;
}

/** The CometBFT set's last address (on its last page): the validator the watch follows. */
async function lastOfSet(rpc: string): Promise<{ address: string; total: number }> {
  const get = async (page: number) => ((await (await fetch(`${rpc}/validators?per_page=100&page=${page}`)).json()) as { result: { total: string; validators: Array<{ address: string }> } }).result;
  const first = await get(1);
  const total = Number(first.total);
  const last = total > 100 ? await get(Math.ceil(total / 100)) : first;
  return { address: last.validators.at(-1)!.address.toUpperCase(), total };
}

/**
 * Opens the Validators page in a fresh tab of the app (browser mode, its dashboard loaded first),
 * scrolls the virtualised list to its end as soon as it is drawn, and times from the navigation
 * to the frame after the row of the set's last validator is in the DOM.
 */
async function pageToLastRow(browser: Browser, link: string, total: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.waitForSelector('[data-testid="dashboard-facts"] [data-fact="Height"]', { timeout: 60_000 });
    // A function, not a string: the app's CSP forbids evaluating strings.
    // No named function inside: the bundler's name helper does not exist in the page.
    return await page.evaluate(async (rows) => {
      const started = performance.now();
      location.hash = "#/validators";
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (performance.now() - started > 60_000) throw new Error(`row ${rows} of the Validators page was not drawn within 60 s`);
        const list = document.querySelector<HTMLElement>('[data-testid="validators-list"]');
        if (!list || list.getAttribute("aria-rowcount") !== String(rows)) continue;
        if (list.querySelector(`[aria-rowindex="${rows}"]`)) {
          await new Promise((r) => requestAnimationFrame(r));
          return performance.now() - started;
        }
        list.scrollTop = list.scrollHeight;
      }
    },
      total,
    );
  } finally {
    await context.close();
  }
}

async function measure(o: { offset: number; extra: number; unbonded: number; blocks: number; runs: number; rendererDir: string }): Promise<SetRun> {
  const layout = layoutFromEnv({ ...process.env, COMETDESK_DEVNET_DIR: join(repoRoot, ".devnet-bench-validators"), COMETDESK_DEVNET_PORT_OFFSET: String(o.offset) });
  await reset(layout);
  const dataDir = mkdtempSync(join(tmpdir(), "cometdesk-bench-validators-"));
  try {
    const { info } = await up(layout, { validators: 4, extraValidators: { bonded: o.extra, unbonded: o.unbonded } }, consoleProgress());
    const rpc = info.nodes[0]!.rpc;
    const { address, total } = await lastOfSet(rpc);
    const watch = await follow(rpc, info.chainId, address, true, o.blocks);
    const services = await createServices({ dataDir, tokenStore: { kind: "memory" }, devnetJsonPath: layout.devnetJson, bridge: true });
    services.start();
    const mode = await startBrowserMode({ dispatcher: services.dispatcher, events: services.events, rendererDir: o.rendererDir });
    const browser = await launchChromium({ record: false });
    const pageMs: number[] = [];
    try {
      const imported = await services.dispatcher.dispatch("wallet.import", { mnemonic: info.accounts[0]!.mnemonic, password: "bench validators password" });
      if (!imported.ok) throw new Error(`wallet.import: ${imported.error.message}`);
      for (let run = 0; run < o.runs; run++) pageMs.push(await pageToLastRow(browser, mode.link("dashboard"), total));
    } finally {
      await browser.close();
      await mode.close();
      await services.close();
    }
    const staking = 4 + o.extra + o.unbonded;
    console.log(`validators: ${total} bonded (${staking} in staking): page to last row ${pageMs.map((m) => m.toFixed(0)).join(", ")} ms; watch p50 ${quantile(watch.perBlockMs, 0.5).toFixed(1)} ms per block`);
    return { label: o.extra ? `4 signers + ${o.extra} bonded + ${o.unbonded} unbonded` : "4 signers", bonded: total, staking, pageMs, watch };
  } finally {
    await reset(layout);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function validatorSetSection(o: { offset: number; blocks: number; extra: number; unbonded: number }): Section {
  return {
    id: "validators",
    heading: "A validator set of real size",
    async run(ctx) {
      const rendererDir = join(repoRoot, "dist", "renderer");
      const base = { offset: o.offset, blocks: o.blocks, runs: ctx.runs, rendererDir };
      const four = await measure({ ...base, extra: 0, unbonded: 0 });
      const big = await measure({ ...base, extra: o.extra, unbonded: o.unbonded });
      const perBlock = (r: SetRun, method: string) => (r.watch.calls.get(method) ?? 0) / Math.max(1, r.watch.blocks);
      const q = (xs: number[], k: number) => (xs.length ? quantile(xs, k).toFixed(1) : "–");
      const rows = [four, big].map((r) =>
        `| ${r.label} | ${r.bonded} / ${r.staking} | ${q(r.pageMs, 0.5)} (${r.pageMs.map((m) => m.toFixed(0)).join(", ")}) | ${r.watch.blocks} | ${perBlock(r, "commit").toFixed(2)} | ${perBlock(r, "validators").toFixed(2)} | ${perBlock(r, "abci_query").toFixed(2)} | ${q(r.watch.perBlockMs, 0.5)} / ${q(r.watch.perBlockMs, 0.9)} |`,
      );
      const signing = (r: SetRun) => perBlock(r, "commit") + perBlock(r, "validators");
      const p50 = (r: SetRun) => quantile(r.watch.perBlockMs, 0.5);
      const goals: Goal[] = [
        {
          goal: `who signed each block with ${big.bonded} validators: no \`commit\` or \`validators\` call per block while the websocket is live, as with the four`,
          measured: `${signing(big).toFixed(2)} against ${signing(four).toFixed(2)} calls per block`,
          met: signing(big) === 0 && signing(four) === 0,
        },
        {
          goal: `main's time per block in the watch with ${big.bonded} validators within 2 ms of the four's (p50)`,
          measured: `${p50(big).toFixed(1)} against ${p50(four).toFixed(1)} ms`,
          met: p50(big) <= p50(four) + 2,
        },
      ];
      const body = `\`${ctx.command}\`: two devnets of the section's own, one after the other (four validators;
then the same four with \`--extra-validators ${o.extra} --unbonded-validators ${o.unbonded}\`, devnet/README.md), 500 ms blocks.

- **Validators page, opened to its last row drawn**: the app in browser mode (its real services
  behind the WebSocket bridge, headless Chromium with software rendering, the built renderer in
  \`dist/renderer\`), the dashboard loaded first in a fresh tab; then \`#/validators\` is set, the
  virtualised list is scrolled to its end as soon as it holds the whole set, and the time runs to
  the frame after the set's last row is in the DOM: every page of \`validators\` read through
  main, the staking names read, and the list drawn. ${ctx.runs} run${ctx.runs === 1 ? "" : "s"} per devnet, each in a fresh tab; the median and each run.
- **The watch per block**: as in *Watch* (the feed's websocket live), following the set's last
  validator (on the last page of \`validators\`) for ${o.blocks} blocks after a warm-up of 5; calls are the
  watch's JSON-RPC requests per block (x/slashing's every 10 blocks: signing infos and every
  staking validator, 200 a page), and main's time runs from the feed's \`chain.newBlock\` to the
  watch's \`watch.updated\` for that block, RPC answers included.

The set's signatures cost no call per block at either size: the feed's frames carry the commit,
and the set is read again only when its hash changes. What grows with the set is x/slashing's read
every 10 blocks: ${big.staking} staking validators are two pages of 200 where four are one, so
\`abci_query\` per block rises by 0.1.

| devnet | bonded / in staking | Validators page to its last row, median (each run), ms | blocks | \`commit\` per block | \`validators\` per block | \`abci_query\` per block | watch, main's time per block p50 / p90 (ms) |
|---|---|---|---|---|---|---|---|
${rows.join("\n")}
`;
      return { body, goals };
    },
  };
}
