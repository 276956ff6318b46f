/**
 * A public node that rate-limits is a wait, not a failure: the operator's flows end to end in
 * Chromium (the built renderer, the real services through the bridge) on a network added by one
 * endpoint alone, a rate-limiting proxy (devnet/test/rate-limit-proxy.ts) in front of node 0 of
 * the four-validator devnet, with no access service (direct mode). Once with one request in
 * three refused (429, Retry-After 2 s), once at 5 requests a second: validator 1's key edits its
 * validator, votes, delegates, undelegates, redelegates, withdraws all rewards, and cancels a
 * transfer inside the undo window; the watch fires a missed-blocks alert for validator 2 while
 * node 2 is frozen, and clears it once it signs again. The truth each page is compared with is
 * read straight from node 1, past the proxy; the proxy's counts show it refused all along.
 */
import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { coins, SigningStargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { AbciQueryDef } from "../shared/cosmos/abci-query.js";
import { allBalancesQuery } from "../shared/cosmos/bank/queries.js";
import { voteQuery } from "../shared/cosmos/gov/proposals.js";
import { delegationsQuery, redelegationsQuery, unbondingQuery } from "../shared/cosmos/staking/account-stakes.js";
import { validatorQuery } from "../shared/cosmos/staking/operator.js";
import { type RateLimitMode, type RateLimitProxy, startRateLimitProxy } from "../devnet/test/rate-limit-proxy.js";
import { sequenceOf } from "../devnet/test/chain-client.js";
import { until } from "../devnet/test/until.js";
import { WAIT_MS } from "./support/app.js";
import { nodePid, rpc } from "./support/chain.js";
import { operatorOf, stakingValidators } from "./support/staking.js";
import { openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "public node e2e password";
/** A step that waits on the node's rate limit may take several of its rests: longer than a page's usual wait. */
const SLOW_MS = 60_000;
/** Each flow below is several such steps. */
const FLOW_MS = 240_000;
/**
 * What the app says when a read gave up on a rate limit (rpc-errors.ts, request-budget.ts): the
 * failure this suite proves does not happen. The watch's rules name "rate-limiting" as a rule, so
 * the words are matched whole.
 */
const RATE_LIMIT_FAILURE = /every node of this network is rate-limiting|rate limit asks for/;
const MODES: ReadonlyArray<{ readonly name: string; readonly mode: RateLimitMode }> = [
  { name: "one request in three refused with Retry-After 2 s", mode: { kind: "share", every: 3, retryAfterSeconds: 2 } },
  { name: "a rate limit of 5 requests a second", mode: { kind: "rate", perSecond: 5 } },
];

let w: WalletWorld;
let account = "";
let operator = "";
/** Node 2's process while it is frozen, so it is resumed whatever happens. */
let frozen: number | undefined;

const four = () => inject("e2e").four;
/** Node 1: the truth, asked past the proxy (node 0 is behind it). */
const truthNode = () => four().rpcs[1]!;
const truth = async <A, R>(def: AbciQueryDef<A, R>, args: A): Promise<R | undefined> => {
  const answer = await rpc<{ response: { code: number; value: string } }>(truthNode(), "abci_query", { path: def.path, data: toHex(def.encode(args)) });
  return answer.response.code === 0 ? def.decode(fromBase64(answer.response.value)) : undefined;
};
const height = async () => Number((await rpc<{ sync_info: { latest_block_height: string } }>(truthNode(), "status")).sync_info.latest_block_height);
const staked = async (validator: string) => BigInt((await truth(delegationsQuery, { delegator: account }))?.find((d) => d.validatorAddress === validator)?.balance.amount ?? "0");
const balance = async (denom: string) => BigInt((await truth(allBalancesQuery, { address: account }))?.find((c) => c.denom === denom)?.amount ?? "0");
const sequence = () => sequenceOf(truthNode(), account);

/** Nothing on the page says a read gave up on the node's rate limit, and the page logged no error. */
const noRateLimitFailure = async () => {
  expect(await w.page.locator("body").textContent()).not.toMatch(RATE_LIMIT_FAILURE);
  expect(w.errors).toEqual([]);
};
/** Waits for the review's prepared transaction; a refusal fails with the review's own words. */
const prepared = async () => {
  const review = w.page.locator("section.review");
  await expect.poll(async () => ((await review.getByTestId("prepared-message").count()) > 0 ? "prepared" : await review.textContent()), { timeout: SLOW_MS }).toBe("prepared");
};
/** Signs the review and follows the transaction to its block; answers its hash. */
const signAndFollow = async (): Promise<string> => {
  const { page } = w;
  await prepared();
  await page.getByRole("button", { name: "Sign and send" }).click();
  const tracker = page.getByTestId("stake-tracker");
  // A send that fails stays on the review: its words are the failure.
  await expect.poll(async () => ((await tracker.count()) > 0 ? "sent" : await page.locator("section.review").textContent().catch(() => "")), { timeout: SLOW_MS }).toBe("sent");
  await expect.poll(async () => ((await tracker.getAttribute("data-status")) === "committed" ? "committed" : await tracker.textContent()), { timeout: SLOW_MS }).toBe("committed");
  return (await page.getByTestId("stake-sent-hash").textContent())!;
};
const openStaking = async () => {
  const { page } = w;
  await page.keyboard.press("Control+6");
  await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
  const again = page.getByRole("button", { name: "New staking action" });
  if (await again.isVisible()) await again.click();
};
/** One staking action through the form: the kind, its validators, the amount, Review, Sign. */
const stake = async (kind: "Delegate" | "Undelegate" | "Redelegate", amount: string, validators: { validator?: string; from?: string; to?: string }) => {
  const { page } = w;
  await openStaking();
  await page.getByRole("radio", { name: kind, exact: true }).check({ timeout: WAIT_MS });
  // Each select lists the validators once the page has read them through the proxy.
  const pick = async (label: string, value: string) => {
    const select = page.getByLabel(label, { exact: true });
    await select.locator(`option[value="${value}"]`).waitFor({ state: "attached", timeout: SLOW_MS });
    await select.selectOption(value);
  };
  if (validators.validator) await pick("Validator", validators.validator);
  if (validators.from) await pick("From validator", validators.from);
  if (validators.to) await pick("To validator", validators.to);
  await page.getByLabel("Amount (STAKE)").fill(amount);
  const button = { Delegate: "Review delegation", Undelegate: "Review undelegation", Redelegate: "Review redelegation" }[kind];
  await page.getByRole("form", { name: /^Staking on / }).getByRole("button", { name: button, exact: true }).click();
  return signAndFollow();
};

beforeAll(async () => {
  w = await openWalletWorld(inject("e2e"), { devnetDir: four().devnetDir, dataDirName: "e2e-public-node-app" });
  const key = w.devnet.validators[1]!;
  account = key.address;
  operator = toBech32(`${w.devnet.bech32Prefix}valoper`, fromBech32(key.address, 90).data);
  const { page } = w;
  // First run offers the devnet's validator keys: validator 1's, whose validator no other spec freezes.
  await page.getByRole("region", { name: "Local devnet validator keys" }).getByRole("button", { name: `Use the demo account ${key.name}, ${key.address}` }).click({ timeout: WAIT_MS });
  await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
  await page.getByLabel("Password again").fill(PASSWORD);
  await page.getByRole("button", { name: `Use ${key.name}` }).click();
  await page.locator(".shell").waitFor({ timeout: WAIT_MS });
  // The staking actions go at once; the transfer's spec sets a window of its own.
  await w.call("settings.update", { undoWindowSeconds: 0 });
});

afterAll(async () => {
  if (frozen !== undefined) process.kill(frozen, "SIGCONT");
  await w?.close();
});

describe.each(MODES)("a network whose only node is a public one with $name", ({ name, mode }) => {
  let proxy: RateLimitProxy;
  let networkId = "";
  const networkName = `Public node (${mode.kind})`;

  beforeAll(async () => {
    proxy = await startRateLimitProxy(four().rpcs[0]!, mode);
  });
  afterAll(async () => {
    // Off the list again, so its watch stops asking a proxy that is about to close.
    if (networkId) {
      await w.call("network.select", { id: "devnet" }).catch(() => undefined);
      await w.call("network.remove", { id: networkId });
    }
    await proxy?.close();
  }, FLOW_MS);

  it("is added by its one RPC URL, and My validator shows the operator address and the edit form, which edits the validator", async () => {
    const { page } = w;
    await page.getByRole("link", { name: "Networks", exact: true }).click();
    await page.getByRole("button", { name: "Add a network" }).click();
    await page.getByLabel("Node RPC URLs (one per line)").fill(proxy.url);
    await page.getByRole("button", { name: "Fill in from the node" }).click();
    await expect.poll(() => page.getByLabel("Chain id").inputValue(), { timeout: SLOW_MS }).toBe(w.devnet.chainId);
    await expect.poll(() => page.getByLabel("Staking denom (bond denom)").inputValue(), { timeout: SLOW_MS }).toBe(w.devnet.stakeDenom);
    expect(await page.getByLabel("Access service URL").inputValue()).toBe("");
    await page.getByLabel("Name").fill(networkName);
    await page.getByRole("button", { name: "Add network" }).click();
    const row = page.locator("tr[data-network-id]", { hasText: networkName });
    await row.waitFor({ timeout: SLOW_MS });
    networkId = (await row.getAttribute("data-network-id"))!;
    const network = ((await w.call("network.list")) as { networks: Array<{ id: string; rpcUrls: string[]; accessUrl: string | null; rpcVia: string }> }).networks.find((n) => n.id === networkId)!;
    expect(network).toMatchObject({ rpcUrls: [proxy.url], accessUrl: null, rpcVia: "direct" });
    await page.getByLabel("Network", { exact: true }).selectOption(networkId);

    // My validator: its facts and the edit form, read through the proxy alone.
    await openStaking();
    await page.getByTestId("own-validator").getByRole("link", { name: "Open the validator page" }).click({ timeout: SLOW_MS });
    await page.locator("#page-title", { hasText: "My validator" }).waitFor({ timeout: WAIT_MS });
    const facts = page.getByTestId("operator-facts");
    await expect.poll(() => facts.locator("div", { hasText: /^Operator address/ }).locator("dd").textContent().catch(() => ""), { timeout: SLOW_MS }).toBe(operator);
    const form = page.getByTestId("edit-validator");
    await form.waitFor({ timeout: SLOW_MS });
    const details = `Proven behind a public node that rate-limits (${mode.kind}).`;
    await form.getByLabel("Details").fill(details);
    await form.getByRole("button", { name: "Review" }).click();
    expect(await signAndFollowMessage("Edit validator")).toMatch(/^[0-9A-F]{64}$/);
    expect((await truth(validatorQuery, { validator: operator }))!.description.details).toBe(details);
    await page.getByRole("button", { name: "Back to the validator" }).click();
    await expect.poll(() => form.getByLabel("Details").inputValue(), { timeout: SLOW_MS }).toBe(details);
    await noRateLimitFailure();
  }, FLOW_MS);

  it("votes on a proposal in its voting period, and shows the own vote", async () => {
    const { page } = w;
    // The proposal is set up straight at node 1: only the vote is the flow under test.
    const carol = w.devnet.accounts.find((a) => a.name === "carol")!;
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: w.devnet.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(truthNode(), wallet);
    const title = `Behind a public node (${mode.kind})`;
    const submitted = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, w.devnet.stakeDenom), proposer: carol.address, metadata: "a text proposal voted on behind a public node", title, summary: `Voted on through a node with ${name}.`, expedited: false },
    }], { amount: coins(10_000, w.devnet.denom), gas: "400000" });
    client.disconnect();
    expect(submitted.code, submitted.rawLog).toBe(0);
    const id = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;

    await page.keyboard.press("Control+7");
    await page.locator("#page-title", { hasText: "Governance" }).waitFor({ timeout: WAIT_MS });
    const back = page.getByRole("button", { name: "Back to the proposals" });
    if (await back.isVisible()) await back.click();
    await page.getByRole("button", { name: title }).click({ timeout: SLOW_MS });
    await page.getByTestId("proposal-view").waitFor({ timeout: SLOW_MS });
    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Review vote" }).click();
    await signAndFollowMessage("Vote");
    expect(await truth(voteQuery, { id, voter: account })).toEqual([{ option: "yes", weight: "1" }]);
    await page.getByRole("button", { name: "Back to the proposal" }).click();
    await expect.poll(() => page.getByTestId("proposal-own-vote").textContent(), { timeout: SLOW_MS }).toBe("Yes");
    await noRateLimitFailure();
  }, FLOW_MS);

  it("delegates, undelegates and redelegates from the Staking page, and the chain's delegations move", async () => {
    const { page } = w;
    const to = operatorOf(w.devnet, w.devnet.validators[0]!.name);
    const own = await staked(operator);
    const unbonding = (await truth(unbondingQuery, { delegator: account }))?.length ?? 0;
    const redelegations = (await truth(redelegationsQuery, { delegator: account }))?.length ?? 0;

    await stake("Delegate", "2", { validator: operator });
    expect(await staked(operator)).toBe(own + 2_000_000n);
    await stake("Undelegate", "0.5", { validator: operator });
    expect(await staked(operator)).toBe(own + 1_500_000n);
    expect((await truth(unbondingQuery, { delegator: account }))!.length).toBeGreaterThan(unbonding);
    const toBefore = await staked(to);
    await stake("Redelegate", "0.5", { from: operator, to });
    expect(await staked(operator)).toBe(own + 1_000_000n);
    expect(await staked(to)).toBe(toBefore + 500_000n);
    expect((await truth(redelegationsQuery, { delegator: account }))!.length).toBeGreaterThan(redelegations);

    // The lists show what the chain has, read through the proxy.
    await page.getByRole("button", { name: "New staking action" }).click();
    const ownRow = page.getByTestId("delegations-table").locator(`tr[data-validator="${operator}"]`);
    await expect.poll(() => ownRow.getByTestId("delegation-amount").textContent().catch(() => ""), { timeout: SLOW_MS }).toBe(`${(Number(own + 1_000_000n) / 1e6).toString()} STAKE`);
    await expect.poll(() => page.getByTestId("redelegations-table").locator("tbody tr").filter({ hasText: "0.5 STAKE" }).count(), { timeout: SLOW_MS }).toBeGreaterThan(0);
    await noRateLimitFailure();
  }, FLOW_MS);

  it("withdraws all rewards in one transaction, and the chain paid them out", async () => {
    const { page } = w;
    await openStaking();
    const withdrawAll = page.getByRole("button", { name: /^Withdraw all rewards/ });
    await expect.poll(() => withdrawAll.isEnabled(), { timeout: SLOW_MS }).toBe(true);
    await withdrawAll.click();
    const hash = await signAndFollowMessage("Withdraw rewards");
    // The block's own events: every reward paid out, at least one of them more than nothing.
    const result = await rpc<{ tx_result: { code: number; events: Array<{ type: string; attributes: Array<{ key: string; value: string }> }> } }>(truthNode(), "tx", { hash: Buffer.from(hash, "hex").toString("base64") });
    expect(result.tx_result.code).toBe(0);
    const paid = result.tx_result.events.filter((e) => e.type === "withdraw_rewards").map((e) => e.attributes.find((a) => a.key === "amount")?.value ?? "");
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.some((amount) => /[1-9]/.test(amount))).toBe(true);
    await noRateLimitFailure();
  }, FLOW_MS);

  it("says the network has no access service, and a transfer cancelled in the undo window is never sent", async () => {
    const { page } = w;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!;
    await w.call("settings.update", { undoWindowSeconds: 30 });
    try {
      const before = { balance: await balance(w.devnet.denom), sequence: await sequence() };
      await page.getByRole("link", { name: "Send", exact: true }).click();
      const again = page.getByRole("button", { name: "New transfer" });
      if (await again.isVisible()) await again.click();
      await page.getByLabel("Recipient address", { exact: true }).fill(bob.address, { timeout: WAIT_MS });
      await page.getByLabel("Amount", { exact: true }).fill("0.5");
      await page.getByRole("button", { name: "Review" }).click();
      await page.getByTestId("sign-doc").waitFor({ timeout: SLOW_MS });
      await expect.poll(() => page.getByTestId("direct-send-note").textContent(), { timeout: SLOW_MS }).toMatch(new RegExp(`^${networkName.replace(/[()]/g, "\\$&")} has no access service: this app holds the signed transaction for 30 s, and you can cancel it until then`));
      await page.getByRole("button", { name: "Sign and send" }).click();
      const tracker = page.getByTestId("send-tracker");
      await tracker.waitFor({ timeout: SLOW_MS });
      expect(await tracker.getAttribute("data-status")).toBe("queued");
      await page.getByRole("button", { name: "Cancel transfer" }).click();
      await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("cancelled");
      const hash = (await page.getByTestId("sent-hash").textContent())!;
      // Past the end of the window it was held for, and two blocks on: a sent one would be in them.
      const { holdUntil } = (await w.call("tx.get", { id: hash })) as { holdUntil?: string | null };
      const end = holdUntil ? Date.parse(holdUntil) : Date.now() + 30_000;
      const start = await height();
      await until("the undo window over and two blocks made", 60, async () => (Date.now() > end && (await height()) >= start + 2 ? true : undefined));
      expect((await w.call("tx.get", { id: hash })).status).toBe("cancelled");
      expect(await balance(w.devnet.denom)).toBe(before.balance);
      expect(await sequence()).toEqual(before.sequence);
      expect(await rpc<{ txs: unknown[] }>(truthNode(), "tx_search", { query: `tx.hash='${hash}'` }).then((r) => r.txs)).toEqual([]);
    } finally {
      await w.call("settings.update", { undoWindowSeconds: 0 });
    }
    await noRateLimitFailure();
  }, FLOW_MS);

  it("watch: fires a missed-blocks alert while validator 2's node is frozen, and clears it once it signs again", async () => {
    const { page } = w;
    const missing = (await stakingValidators(truthNode())).find((v) => v.operator === operatorOf(w.devnet, w.devnet.validators[2]!.name))!;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watch", exact: true }).click();
    await page.getByText("Alert rules and webhook").click({ timeout: SLOW_MS });
    const rules = page.getByRole("form", { name: "Alert rules" });
    await rules.getByLabel("Missed at least").fill("3");
    await rules.getByLabel("Of the last (blocks)").fill("10");
    await rules.getByLabel("Clear after (seconds away)").fill("1");
    await rules.getByRole("button", { name: "Save rules" }).click();
    await rules.getByRole("status").filter({ hasText: "Saved." }).waitFor({ timeout: SLOW_MS });
    await page.getByLabel("Validator address").fill(missing.operator);
    await page.getByRole("button", { name: "Watch", exact: true }).click();
    const row = page.locator(`[data-testid="watch-row"][data-address="${missing.address}"]`);
    await row.waitFor({ timeout: SLOW_MS });
    const signed = async () => Number(((await row.getByTestId("watch-signed").textContent()) ?? "0").split(" / ")[0]);
    await expect.poll(signed, { timeout: SLOW_MS }).toBeGreaterThan(2);

    // Frozen for five of the chain's blocks: past the rule's three, short of x/slashing's jail.
    frozen = nodePid(four().nodesDir, 2);
    process.kill(frozen, "SIGSTOP");
    try {
      const from = await height();
      await until("five blocks without validator 2", 60, async () => ((await height()) >= from + 5 ? true : undefined));
    } finally {
      process.kill(frozen, "SIGCONT");
      frozen = undefined;
    }
    const alert = page.locator('[data-testid="watch-alert"][data-kind="missed_blocks"]');
    await alert.first().waitFor({ timeout: SLOW_MS });
    expect(await alert.count()).toBe(1);
    await expect.poll(() => alert.getAttribute("data-open"), { timeout: 90_000 }).toBe("false");
    // Signing again, counted live.
    const now = await signed();
    await expect.poll(signed, { timeout: SLOW_MS }).toBeGreaterThan(now);
    expect((await truth(validatorQuery, { validator: missing.operator }))!.jailed).toBe(false);
    await noRateLimitFailure();
  }, FLOW_MS);

  it("was refused by the proxy all along: the flows above waited, none failed", () => {
    const stats = proxy.stats();
    console.log(`[public node, ${mode.kind}] ${JSON.stringify(stats)}`);
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats.passed).toBeGreaterThan(stats.refused);
  });
});

/** The review's first message is `kind`; signs it and follows it to its block; answers its hash. */
async function signAndFollowMessage(kind: string): Promise<string> {
  await prepared();
  expect(await w.page.getByTestId("prepared-message").first().locator("dt").first().textContent()).toBe(kind);
  return signAndFollow();
}
