/**
 * The operator's pages end to end: the built renderer in Chromium, the real services through the
 * bridge, the e2e devnet, with validator 0's key as the wallet (it delegates to itself, earns
 * rewards and operates a validator). The Staking page lists the delegation with its rewards and
 * cancels an unbonding from the list; the Governance page goes from the list to a proposal, votes
 * and shows the own vote, and refuses weights that do not add up to 1 in words; the validator
 * page refuses a commission rate outside the chain's rules before anything is signed, then
 * changes it (the devnet's genesis lies 25 h back, so the change is allowed once), and withdraws
 * its commission; the Staking page pays the rewards to another address and back.
 */
import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { coins, SigningStargateClient } from "@cosmjs/stargate";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { commissionQuery, withdrawAddressQuery } from "../shared/cosmos/distribution/rewards.js";
import { depositsQuery, proposalQuery, voteQuery } from "../shared/cosmos/gov/proposals.js";
import { validatorQuery } from "../shared/cosmos/staking/operator.js";
import { formatBaseAmount } from "../shared/wallet/amount.js";
import { delegationsQuery, unbondingQuery } from "../shared/cosmos/staking/account-stakes.js";
import type { AbciQueryDef } from "../shared/cosmos/abci-query.js";
import { WAIT_MS } from "./support/app.js";
import { readableUtc } from "./support/readable-utc.js";
import { describedBy, untiedFieldErrors } from "./support/field-errors.js";
import { openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "operator e2e password";
let w: WalletWorld;
let operator = "";
let account = "";

const read = async <A, R>(def: AbciQueryDef<A, R>, args: A): Promise<R | undefined> => {
  const answer = (await w.call("chain.abciQuery", { path: def.path, data: toHex(def.encode(args)) })) as { code: number; value: string };
  return answer.code === 0 ? def.decode(fromBase64(answer.value)) : undefined;
};
const committed = async (txHash: string) => {
  for (let i = 0; i < 80; i++) {
    const tx = await w.call("tx.get", { id: txHash });
    if (tx.status === "committed" || tx.status === "failed") return tx;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${txHash} was not committed within 20 s`);
};
/** Tabs until `target` has the focus (a bounded number of presses), then presses Enter: the keyboard alone. */
const tabAndEnter = async (target: ReturnType<WalletWorld["page"]["getByRole"]>) => {
  for (let i = 0; i < 40 && !(await target.evaluate((b) => b === document.activeElement)); i++) await w.page.keyboard.press("Tab");
  expect(await target.evaluate((b) => b === document.activeElement)).toBe(true);
  await w.page.keyboard.press("Enter");
};
const signAndFollow = async () => {
  const { page } = w;
  await page.getByTestId("prepared-tx").waitFor({ timeout: WAIT_MS });
  await tabAndEnter(page.getByRole("button", { name: "Sign and send" }));
  const tracker = page.getByTestId("stake-tracker");
  await tracker.waitFor({ timeout: WAIT_MS });
  await expect.poll(() => tracker.getAttribute("data-status"), { timeout: WAIT_MS }).toBe("committed");
};

describe("the operator's pages", () => {
  beforeAll(async () => {
    w = await openWalletWorld(inject("e2e"), { dataDirName: "e2e-operator-app" });
    const key = w.devnet.validators[0]!;
    account = key.address;
    operator = toBech32(`${w.devnet.bech32Prefix}valoper`, fromBech32(key.address, 90).data);
    const { page } = w;
    // The way a new user reaches an operator's key on the devnet: first run offers it.
    await page.getByRole("region", { name: "Local devnet validator keys" }).getByRole("button", { name: `Use the demo account ${key.name}, ${key.address}` }).click({ timeout: WAIT_MS });
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByLabel("Password again").fill(PASSWORD);
    await page.getByRole("button", { name: `Use ${key.name}` }).click();
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
  });
  afterAll(async () => {
    await w?.close();
  });

  it("lists the delegation with its pending rewards, and cancels an unbonding from the list", async () => {
    const { page } = w;
    // An unbonding entry to cancel, made by main as the form would.
    const undelegate = await w.call("tx.sendMessages", { messages: [{ typeUrl: "/cosmos.staking.v1beta1.MsgUndelegate", value: { delegatorAddress: account, validatorAddress: operator, amount: { denom: w.devnet.stakeDenom, amount: "3000000" } } }] });
    expect(await committed(undelegate.txHash as string)).toMatchObject({ status: "committed" });
    const staked = async () => (await read(delegationsQuery, { delegator: account }))!.find((d) => d.validatorAddress === operator)!.balance.amount;
    const before = await staked();
    const [entry] = (await read(unbondingQuery, { delegator: account }))!;

    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    const row = page.getByTestId("delegations-table").locator(`tr[data-validator="${operator}"]`);
    await row.waitFor({ timeout: WAIT_MS });
    // The self-bond less the 3 STAKE unbonding, in display units.
    await expect.poll(() => row.getByTestId("delegation-amount").textContent(), { timeout: WAIT_MS }).toBe(`${formatBaseAmount(before, 6)} STAKE`);
    await expect.poll(() => row.getByTestId("delegation-rewards").textContent(), { timeout: WAIT_MS }).toMatch(/\d.* (STAKE|COMET)/);
    expect(await page.getByRole("button", { name: /^Withdraw all rewards/ }).isEnabled()).toBe(true);

    const unbondingRow = page.getByTestId("unbonding-row").and(page.locator(`[data-height="${entry!.creationHeight}"]`));
    await unbondingRow.waitFor({ timeout: WAIT_MS });
    expect(await unbondingRow.textContent()).toContain("3 STAKE");
    await tabAndEnter(unbondingRow.getByRole("button", { name: /^Cancel unbonding of 3 STAKE/ }));
    const message = page.getByTestId("prepared-message");
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.locator("dt").first().textContent()).toBe("Cancel unbonding");
    expect(await message.textContent()).toContain(`Unbonding started at height${entry!.creationHeight}`);
    await signAndFollow();
    await page.getByRole("button", { name: "New staking action" }).click();
    await expect.poll(() => page.getByTestId("unbonding-table").textContent(), { timeout: WAIT_MS }).toContain("Nothing is unbonding.");
    expect(await staked()).toBe(String(BigInt(before) + 3_000_000n));
    expect(w.errors).toEqual([]);
  });

  it("goes from the proposals to one, refuses weights that do not add up to 1, votes, and shows the own vote", async () => {
    const { page } = w;
    const carol = w.devnet.accounts.find((a) => a.name === "carol")!;
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: w.devnet.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(w.devnet.nodes[0]!.rpc, wallet);
    const submitted = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, w.devnet.stakeDenom), proposer: carol.address, metadata: "a text proposal of the e2e tests", title: "Raise the block size", summary: "A text proposal the operator votes on.", expedited: false },
    }], { amount: coins(10_000, w.devnet.denom), gas: "400000" });
    // A second one whose deposit (0.01 STAKE) is short of the 1 STAKE that starts voting.
    const short = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(10_000, w.devnet.stakeDenom), proposer: carol.address, metadata: "a proposal short of its deposit", title: "Short of its deposit", summary: "Still in its deposit period.", expedited: false },
    }], { amount: coins(10_000, w.devnet.denom), gas: "400000" });
    client.disconnect();
    expect(submitted.code, submitted.rawLog).toBe(0);
    expect(short.code, short.rawLog).toBe(0);
    const id = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;

    await page.keyboard.press("Control+7");
    await page.locator("#page-title", { hasText: "Governance" }).waitFor({ timeout: WAIT_MS });
    const row = page.locator(`[data-testid="proposal-row"][data-proposal="${id}"]`);
    await row.waitFor({ timeout: WAIT_MS });
    expect(await row.textContent()).toContain("voting period");
    await expect.poll(() => row.getByTestId("own-vote").textContent(), { timeout: WAIT_MS }).toBe("not voted");
    await tabAndEnter(row.getByRole("button", { name: "Raise the block size" }));
    await page.getByTestId("proposal-view").waitFor({ timeout: WAIT_MS });
    expect(await page.getByTestId("proposal-summary").textContent()).toBe("A text proposal the operator votes on.");
    // Its times read as local dates, as the list's do, not as the node's ISO strings.
    const chainProposal = (await read(proposalQuery, { id }))!;
    const fact = (name: string) => page.getByTestId("proposal-facts").locator("div", { has: page.locator("dt", { hasText: name }) }).locator("dd");
    const local = (iso: string | null) => page.evaluate((t) => new Date(t!).toLocaleString(), iso);
    expect(await fact("Submitted").textContent()).toBe(await local(chainProposal.submitTime));
    expect(await fact("Voting").textContent()).toBe(`${await local(chainProposal.votingStartTime)} to ${await local(chainProposal.votingEndTime)}`);
    await expect.poll(() => page.getByTestId("tally-rules").textContent(), { timeout: WAIT_MS }).toMatch(/quorum of 0\.334 .* more than 0\.5 .* more than 0\.334/);

    // Weights of 0.5 and 0.4: refused in words, tied to the weights as a group (no one weight is
    // wrong), and nothing goes to review.
    const weight = (label: string) => page.getByLabel(label, { exact: true });
    await weight("Weight of Yes").fill("0.5");
    await weight("Weight of No").fill("0.4");
    await page.getByRole("button", { name: "Review weighted vote" }).click();
    const refusal = "The weights must add up to exactly 1; these add up to 0.9.";
    expect(await describedBy(page.getByRole("group", { name: "Weights" }))).toMatchObject({ text: expect.stringContaining(refusal) });
    for (const label of ["Weight of Yes", "Weight of Abstain", "Weight of No", "Weight of No with veto"]) expect(await describedBy(weight(label))).toMatchObject({ invalid: false, text: expect.not.stringContaining(refusal) });
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);
    // Each of the proposal's forms takes the keyboard to the field to change.
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    expect(await focusedId()).toBe("weight-yes");
    // A weight that is no fraction is said at that weight alone, which takes the keyboard.
    await weight("Weight of No").fill("-0.5");
    await page.getByRole("button", { name: "Review weighted vote" }).click();
    const notFraction = "The weight of no must be a fraction between 0 and 1, like 0.25.";
    expect(await describedBy(weight("Weight of No"))).toMatchObject({ invalid: true, text: expect.stringContaining(notFraction) });
    expect(await describedBy(weight("Weight of Yes"))).toMatchObject({ invalid: false, text: expect.not.stringContaining(notFraction) });
    expect(await describedBy(page.getByRole("group", { name: "Weights" }))).toMatchObject({ text: expect.not.stringContaining(notFraction) });
    expect(await focusedId()).toBe("weight-no");
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);
    await page.getByRole("button", { name: "Review vote" }).click();
    expect(await focusedId()).toBe("vote-option-yes");
    expect(await describedBy(page.getByRole("radio", { name: "Yes" }))).toMatchObject({ invalid: true, text: "Pick an option." });
    await page.locator("#deposit-amount").fill("1,5");
    await page.getByRole("button", { name: "Review deposit" }).click();
    expect(await focusedId()).toBe("deposit-amount");
    expect(await describedBy(page.locator("#deposit-amount"))).toMatchObject({ invalid: true });
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);

    await page.getByRole("radio", { name: "Yes" }).check();
    await page.getByRole("button", { name: "Review vote" }).click();
    expect(await page.getByTestId("prepared-message").locator("dt").first().textContent()).toBe("Vote");
    await signAndFollow();
    await page.getByRole("button", { name: "Back to the proposal" }).click();
    await expect.poll(() => page.getByTestId("proposal-own-vote").textContent(), { timeout: WAIT_MS }).toBe("Yes");
    // The tally counts bonded stake: shown in the bond denom's unit, not as the node's base amount.
    const yesStake = page.getByTestId("tally-table").getByRole("row", { name: /^Yes / }).getByRole("cell").nth(1);
    await expect.poll(() => yesStake.textContent(), { timeout: WAIT_MS }).toMatch(/^[1-9][\d.]* STAKE$/);
    await page.getByRole("button", { name: "Back to the proposals" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(`[data-testid="proposal-row"][data-proposal="${id}"]`).getByTestId("own-vote").textContent(), { timeout: WAIT_MS }).toBe("Yes");
    // The keyboard is back on the proposal it left, not at the top of the document.
    expect(await page.locator(`[data-testid="proposal-row"][data-proposal="${id}"]`).getByRole("button", { name: "Raise the block size" }).evaluate((b) => b === document.activeElement)).toBe(true);

    // A proposal still in its deposit period has no tally: the list and its page say voting has
    // not started, and its page what deposit starts it.
    const shortRow = page.getByTestId("proposal-row").filter({ has: page.getByRole("button", { name: "Short of its deposit" }) });
    expect(await shortRow.textContent()).toContain("deposit period—voting not started");
    await page.getByRole("button", { name: "Short of its deposit" }).click();
    await expect.poll(() => page.getByTestId("deposit-needed").textContent(), { timeout: WAIT_MS }).toContain("Voting has not started: it starts once the deposit reaches 1 STAKE (now 0.01 STAKE)");
    expect(await page.getByTestId("tally-table").count()).toBe(0);
    expect(await page.getByTestId("proposal-own-vote").textContent()).toBe("voting has not started");
    expect(w.errors).toEqual([]);
  });

  it("casts a weighted vote the chain records, and adds a deposit to a proposal in its deposit period, through their forms", async () => {
    const { page } = w;
    const carol = w.devnet.accounts.find((a) => a.name === "carol")!;
    const wallet = await DirectSecp256k1HdWallet.fromMnemonic(carol.mnemonic, { prefix: w.devnet.bech32Prefix });
    const client = await SigningStargateClient.connectWithSigner(w.devnet.nodes[0]!.rpc, wallet);
    const submitted = await client.signAndBroadcast(carol.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages: [], initialDeposit: coins(1_000_000, w.devnet.stakeDenom), proposer: carol.address, metadata: "a weighted vote of the e2e tests", title: "Weigh the options", summary: "Voted on with weights.", expedited: false },
    }], { amount: coins(10_000, w.devnet.denom), gas: "400000" });
    client.disconnect();
    expect(submitted.code, submitted.rawLog).toBe(0);
    const id = submitted.events.find((e) => e.type === "submit_proposal")!.attributes.find((a) => a.key === "proposal_id")!.value;

    await page.keyboard.press("Control+7");
    await page.locator("#page-title", { hasText: "Governance" }).waitFor({ timeout: WAIT_MS });
    // The page keeps the proposal the last test left open: back to the list first.
    const back = page.getByRole("button", { name: "Back to the proposals" });
    if (await back.isVisible()) await back.click();
    await page.getByRole("button", { name: "Weigh the options" }).click({ timeout: WAIT_MS });
    await page.getByTestId("proposal-view").waitFor({ timeout: WAIT_MS });
    const weight = (label: string) => page.getByLabel(label, { exact: true });
    await weight("Weight of Yes").fill("0.6");
    await weight("Weight of No").fill("0.4");
    await page.getByRole("button", { name: "Review weighted vote" }).click();
    await page.getByTestId("prepared-message").first().waitFor({ timeout: WAIT_MS });
    await signAndFollow();
    expect(await read(voteQuery, { id, voter: account })).toEqual([{ option: "yes", weight: "0.6" }, { option: "no", weight: "0.4" }]);
    await page.getByRole("button", { name: "Back to the proposal" }).click();
    await expect.poll(() => page.getByTestId("proposal-own-vote").textContent(), { timeout: WAIT_MS }).toBe("Yes 0.6, No 0.4");

    // The proposal short of its deposit: 0.5 STAKE more, and the page says what it has now.
    await page.getByRole("button", { name: "Back to the proposals" }).click();
    await page.getByRole("button", { name: "Short of its deposit" }).click({ timeout: WAIT_MS });
    const shortId = (await page.getByTestId("proposal-view").getAttribute("data-proposal"))!;
    await expect.poll(() => page.getByTestId("deposit-needed").textContent(), { timeout: WAIT_MS }).toContain("(now 0.01 STAKE)");
    await page.locator("#deposit-amount").fill("0.5");
    await page.getByRole("button", { name: "Review deposit" }).click();
    await signAndFollow();
    await page.getByRole("button", { name: "Back to the proposal" }).click();
    await expect.poll(() => page.getByTestId("deposit-needed").textContent(), { timeout: WAIT_MS }).toContain("(now 0.51 STAKE)");
    expect((await read(depositsQuery, { id: shortId }))!.find((d) => d.depositor === account)?.amount).toEqual([{ denom: w.devnet.stakeDenom, amount: "500000" }]);
    expect(w.errors).toEqual([]);
  });

  it("refuses a commission rate outside the chain's rules before signing, then changes it", async () => {
    const { page } = w;
    await page.keyboard.press("Control+6");
    await page.getByTestId("own-validator").getByRole("link", { name: "Open the validator page" }).click({ timeout: WAIT_MS });
    await page.locator("#page-title", { hasText: "My validator" }).waitFor({ timeout: WAIT_MS });
    await expect.poll(() => page.getByTestId("operator-rate").textContent(), { timeout: WAIT_MS }).toBe("0.1");
    // Beside the chain's decimal, the percentage people say.
    expect(await page.getByTestId("operator-facts").locator("div", { hasText: /^Commission rate/ }).locator("dd").textContent()).toBe("0.1 (10 %)");
    const rate = page.getByLabel("New commission rate (empty: unchanged)");
    const tryRate = async (text: string) => {
      await rate.fill(text);
      await rate.press("Enter");
    };
    // Each description field's limit is read with it, as its hint.
    expect(await describedBy(page.getByLabel("Moniker", { exact: true }))).toEqual({ invalid: false, text: "At most 70 bytes: one for each of A to Z, 0 to 9 and plain punctuation, 2 to 4 for any other character." });
    await tryRate("0.5");
    expect(await describedBy(rate)).toEqual({ invalid: true, text: "This validator's commission cannot be more than its max rate, 0.2." });
    await tryRate("0.15");
    expect(await describedBy(rate)).toEqual({ invalid: true, text: "The rate may change by at most 0.01 at a time (from 0.1)." });
    expect(await untiedFieldErrors(page)).toEqual([]);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);

    await tryRate("0.11");
    const message = page.getByTestId("prepared-message");
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.textContent()).toContain("Commission rate0.11");
    await signAndFollow();
    expect((await read(validatorQuery, { validator: operator }))!.commission.rate).toBe("0.11");
    await page.getByRole("button", { name: "Back to the validator" }).click();
    await expect.poll(() => page.getByTestId("operator-rate").textContent(), { timeout: WAIT_MS }).toBe("0.11");
    // The page says when the chain lets the rate change again, before anyone tries.
    const changed = (await read(validatorQuery, { validator: operator }))!.commission.updateTime!;
    // Both times read as every chain time on the pages does: UTC to the millisecond, the zone named.
    const next = new Date(Date.parse(changed) + 86_400_000).toISOString();
    expect(await page.getByTestId("operator-rate-changed").textContent()).toBe(`${readableUtc(changed)}; the chain allows the next change from ${readableUtc(next)}`);
    expect(await page.getByTestId("operator-rate-changed").locator("time").getAttribute("datetime")).toBe(changed);
    // The chain's once-a-day rule, now that the rate was just changed: refused in words before signing.
    await tryRate("0.1");
    expect((await describedBy(rate)).text).toContain(`one change per 24 hours, so not before ${readableUtc(next)}.`);
    expect(w.errors).toEqual([]);
  });

  it("withdraws the validator's commission from its page, and the chain's unwithdrawn commission drops", async () => {
    const { page } = w;
    // In whichever denom the validator earned most (fees, or minted stake where the chain mints).
    const earned = (await read(commissionQuery, { validator: operator }))!;
    const denom = [...earned].sort((a, b) => Number(BigInt(b.amount) - BigInt(a.amount)))[0]?.denom ?? w.devnet.denom;
    const unwithdrawn = async () => BigInt((await read(commissionQuery, { validator: operator }))!.find((c) => c.denom === denom)?.amount ?? "0");
    const before = await unwithdrawn();
    expect(before).toBeGreaterThan(0n);
    await page.getByRole("button", { name: "Withdraw commission" }).click({ timeout: WAIT_MS });
    const message = page.getByTestId("prepared-message");
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.locator("dt").first().textContent()).toBe("Withdraw commission");
    // Valid for fewer blocks: main prepares it again with the nearer timeout height.
    const timeout = async () => Number((JSON.parse((await page.getByTestId("raw-prepared").textContent())!) as { timeoutHeight: string }).timeoutHeight);
    const far = await timeout();
    await page.getByLabel("Valid for (blocks)").fill("40");
    await page.getByLabel("Valid for (blocks)").press("Enter");
    await expect.poll(timeout, { timeout: WAIT_MS }).toBeLessThan(far - 50);
    await signAndFollow();
    // Paid out: what is left is what the few blocks since have added.
    expect(await unwithdrawn()).toBeLessThan(before);
    await page.getByRole("button", { name: "Back to the validator" }).click();
    expect(w.errors).toEqual([]);
  });

  it("pays the rewards to another address, refusing a mistyped one in words first, and back", async () => {
    const { page } = w;
    const bob = w.devnet.accounts.find((a) => a.name === "bob")!.address;
    const paidTo = async () => read(withdrawAddressQuery, { delegator: account });
    expect(await paidTo()).toBe(account);
    await page.keyboard.press("Control+6");
    const form = page.getByTestId("withdraw-address-form");
    await expect.poll(() => form.getByTestId("withdraw-address").textContent(), { timeout: WAIT_MS }).toContain(`${account} (this account)`);
    const input = form.getByLabel("Pay rewards to");
    const payTo = async (address: string) => {
      await input.fill(address);
      await input.press("Enter");
    };
    await payTo(`${bob.slice(0, -1)}${bob.endsWith("q") ? "p" : "q"}`); // one character off: its checksum fails
    expect((await describedBy(input)).invalid).toBe(true);
    expect(await page.getByTestId("prepared-tx").count()).toBe(0);
    await payTo(bob);
    const message = page.getByTestId("prepared-message");
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.textContent()).toContain(`Rewards go to${bob}`);
    // A validity main cannot sign with: Sign waits until it is right, never signing with the last good one.
    const sign = page.getByRole("button", { name: "Sign and send" });
    const validFor = page.getByLabel("Valid for (blocks)");
    const timeout = async () => Number((JSON.parse((await page.getByTestId("raw-prepared").textContent())!) as { timeoutHeight: string }).timeoutHeight);
    await validFor.fill("0");
    await validFor.press("Enter");
    await expect.poll(() => describedBy(validFor), { timeout: WAIT_MS }).toMatchObject({ invalid: true, text: expect.stringMatching(/^a whole number of blocks from 1 to /) });
    expect(await sign.isDisabled()).toBe(true);
    await validFor.fill("40");
    await validFor.press("Enter");
    await expect.poll(() => sign.isEnabled(), { timeout: WAIT_MS }).toBe(true);
    const near = await timeout();
    // Typed wrong and Sign clicked at once: leaving the field refuses it, and nothing is signed.
    await validFor.fill("4O");
    await sign.click();
    await expect.poll(() => describedBy(validFor), { timeout: WAIT_MS }).toMatchObject({ invalid: true });
    expect(await sign.isDisabled()).toBe(true);
    expect(await page.getByTestId("stake-tracker").count()).toBe(0);
    await validFor.fill("40");
    await validFor.press("Enter");
    await expect.poll(() => sign.isEnabled(), { timeout: WAIT_MS }).toBe(true);
    expect(await timeout()).toBe(near);
    expect(await untiedFieldErrors(page)).toEqual([]);
    await signAndFollow();
    expect(await paidTo()).toBe(bob);
    // And back, so the account's rewards are its own again: typed in capitals (BIP-173 allows
    // them), sent in the lower case main's contract takes.
    await page.getByRole("button", { name: "New staking action" }).click();
    await expect.poll(() => form.getByTestId("withdraw-address").textContent(), { timeout: WAIT_MS }).toContain(bob);
    await payTo(account.toUpperCase());
    await message.waitFor({ timeout: WAIT_MS });
    expect(await message.textContent()).toContain(`Rewards go to${account}`);
    await signAndFollow();
    expect(await paidTo()).toBe(account);
    expect(w.errors).toEqual([]);
  });

  it("offers to watch the validator the account operates, and one click has the watch follow it", async () => {
    const { page } = w;
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Watch", exact: true }).click();
    const offer = page.getByTestId("own-validators");
    await offer.waitFor({ timeout: WAIT_MS });
    const moniker = (await read(validatorQuery, { validator: operator }))!.description.moniker;
    expect((await offer.locator("li").textContent())?.replace(/\s+/g, " ")).toContain(`operates ${moniker}, which the watch does not follow yet.`);
    const watch = offer.getByRole("button", { name: `Watch ${moniker}` });
    // Refused by main once: the reason is said at the button that was pressed.
    w.refuse((method) => method === "watch.addValidator", "the watch list could not be saved");
    try {
      await watch.click();
      await expect.poll(() => describedBy(watch), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "the watch list could not be saved" });
      expect(await untiedFieldErrors(page)).toEqual([]);
    } finally {
      w.refuse();
    }
    await watch.click();
    // Main's watch list has it, by the operator address, and the offer is gone.
    await expect.poll(async () => ((await w.call("watch.status", { networkId: "devnet" })) as { validators: Array<{ operatorAddress: string | null }> }).validators.map((v) => v.operatorAddress), { timeout: WAIT_MS }).toContain(operator);
    await expect.poll(() => offer.count(), { timeout: WAIT_MS }).toBe(0);
    expect(w.errors).toEqual([]);
  });

  it("says at Withdraw commission that the commission could not be read", async () => {
    const { page } = w;
    w.refuse((method, args) => method === "chain.abciQuery" && (args as { path: string }).path === commissionQuery.path, "the node refused the query");
    try {
      await page.reload();
      await page.locator(".shell").waitFor({ timeout: WAIT_MS });
      await page.keyboard.press("Control+6");
      await page.getByTestId("own-validator").getByRole("link", { name: "Open the validator page" }).click({ timeout: WAIT_MS });
      const withdraw = page.getByRole("button", { name: "Withdraw commission" });
      await expect.poll(() => describedBy(withdraw), { timeout: WAIT_MS }).toEqual({ invalid: false, text: "The commission could not be read: the node refused the query" });
      expect(await withdraw.isDisabled()).toBe(true);
      expect(await untiedFieldErrors(page)).toEqual([]);
    } finally {
      w.refuse();
    }
    expect(w.errors).toEqual([]);
  });
});
