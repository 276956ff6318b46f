import { expect, it } from "vitest";
import { WAIT_MS } from "../../support/app.js";
import { haltChain, rpc } from "../../support/chain.js";
import type { SpecContext } from "../../support/spec-context.js";
import { explore, fact } from "./explore.js";

interface RoundState { round_state: { "height/round/step": string; height_vote_set: Array<{ round: number; prevotes: string[]; precommits: string[] }> } }

/** A vote as the page marks it: "nil-Vote" is none yet, a zero block hash is a nil vote. */
const mark = (v: string) => (!v.startsWith("Vote{") ? "missing" : / 000000000000 /.test(v) ? "nil" : "voted");

export function consensusSpecs(ctx: SpecContext): void {
  it("consensus: with half the power frozen, the stuck round shows who voted and who is missing, as the node sees it", async () => {
    const { rpcs, nodesDir } = ctx.env().four;
    const page = await explore(ctx, "consensus");
    await page.getByTestId("round-facts").waitFor({ timeout: WAIT_MS });
    const resume = haltChain(nodesDir);
    try {
      // Two of four validators cannot make two thirds: the height stops and its round 0 stays put,
      // so the page must come to show exactly what the node shows.
      const table = page.getByTestId("votes-table").first();
      const nodeView = async () => {
        const rs = (await rpc<RoundState>(rpcs[0]!, "consensus_state")).round_state;
        const r0 = rs.height_vote_set[0]!;
        return { height: rs["height/round/step"].split("/")[0]!, votes: r0.prevotes.map((v, i) => [mark(v), mark(r0.precommits[i] ?? "")]) };
      };
      const pageView = async () => ({
        height: await fact(page, "round-facts", "Height"),
        votes: await Promise.all((await table.getByTestId("vote-row").all()).map((r) => r.locator("td.vote").allTextContents())),
      });
      await expect.poll(async () => {
        const [n, p] = [await nodeView(), await pageView()];
        return JSON.stringify(n) === JSON.stringify(p) && n.votes.filter(([pre, pc]) => pre === "missing" || pc === "missing").length >= 2;
      }, { timeout: WAIT_MS }).toBe(true);
      // Each row names its validator.
      expect(await table.getByTestId("validator-moniker").count()).toBe(4);
      expect(ctx.errors(page)).toEqual([]);
    } finally {
      resume();
    }
    // The chain moves again and so does the page.
    const before = Number(await fact(page, "round-facts", "Height"));
    await expect.poll(async () => Number(await fact(page, "round-facts", "Height")), { timeout: 60_000 }).toBeGreaterThan(before);
  });
}
