/**
 * The operator's pages on the four-validator devnet, end to end: the built renderer in Chromium,
 * the real services through the bridge, with validator 3's key as the wallet. The Staking page
 * redelegates part of its self-bond to validator 0 and lists it under the redelegations in
 * progress; then node 3 is frozen (SIGSTOP) until x/slashing jails the validator for missing
 * blocks, and My validator unjails it once its jail time has passed: the chain has it back in
 * the set, bonded and not jailed, and the page says so.
 */
import { fromBase64, fromBech32, toBech32, toHex } from "@cosmjs/encoding";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ResultOf } from "../shared/contract/index.js";
import { readSigningInfos, readSlashingParams } from "../shared/cosmos/slashing/queries.js";
import { redelegationsQuery } from "../shared/cosmos/staking/account-stakes.js";
import { validatorQuery } from "../shared/cosmos/staking/operator.js";
import type { AbciQueryDef } from "../shared/cosmos/abci-query.js";
import { until } from "../devnet/test/until.js";
import { WAIT_MS } from "./support/app.js";
import { nodePid, rpc } from "./support/chain.js";
import { operatorOf, stakingValidators } from "./support/staking.js";
import { openWalletWorld, type WalletWorld } from "./wallet/wallet-world.js";

const PASSWORD = "operator four e2e password";
let w: WalletWorld;
let account = "";
let operator = "";
let stopped: number | undefined;

const abciQuery = async (args: { path: string; data?: string; height?: string }) => (await w.call("chain.abciQuery", args)) as ResultOf<"chain.abciQuery">;
const read = async <A, R>(def: AbciQueryDef<A, R>, args: A): Promise<R | undefined> => {
  const answer = await abciQuery({ path: def.path, data: toHex(def.encode(args)) });
  return answer.code === 0 ? def.decode(fromBase64(answer.value)) : undefined;
};
const node0 = () => w.devnet.nodes[0]!.rpc;
const latest = async () => (await rpc<{ sync_info: { latest_block_height: string; latest_block_time: string } }>(node0(), "status")).sync_info;
/** Waits for the review's prepared transaction; a refusal fails with the review's own words. */
const prepared = async () => {
  const review = w.page.locator("section.review");
  await expect.poll(async () => ((await review.getByTestId("prepared-message").count()) > 0 ? "prepared" : await review.textContent()), { timeout: 60_000 }).toBe("prepared");
};
const signAndFollow = async () => {
  const { page } = w;
  await page.getByTestId("prepared-tx").waitFor({ timeout: WAIT_MS });
  await page.getByRole("button", { name: "Sign and send" }).click();
  const tracker = page.getByTestId("stake-tracker");
  await tracker.waitFor({ timeout: WAIT_MS });
  await expect.poll(() => tracker.getAttribute("data-status"), { timeout: 60_000 }).toBe("committed");
};

describe("the operator's pages on the four-validator devnet", () => {
  beforeAll(async () => {
    const env = inject("e2e");
    w = await openWalletWorld(env, { devnetDir: env.four.devnetDir, dataDirName: "e2e-operator-four-app" });
    const key = w.devnet.validators[3]!;
    account = key.address;
    operator = toBech32(`${w.devnet.bech32Prefix}valoper`, fromBech32(key.address, 90).data);
    const { page } = w;
    await page.getByRole("region", { name: "Local devnet validator keys" }).getByRole("button", { name: `Use the demo account ${key.name}, ${key.address}` }).click({ timeout: WAIT_MS });
    await page.getByLabel("Password (at least 8 characters)").fill(PASSWORD);
    await page.getByLabel("Password again").fill(PASSWORD);
    await page.getByRole("button", { name: `Use ${key.name}` }).click();
    await page.locator(".shell").waitFor({ timeout: WAIT_MS });
  });
  afterAll(async () => {
    if (stopped !== undefined) process.kill(stopped, "SIGCONT");
    await w?.close();
  });

  it("redelegates from the Staking page, and lists the redelegation in progress", async () => {
    const { page } = w;
    const validators = await stakingValidators(node0());
    // To validator 0: validators 2 and 3, which other specs freeze to halt the chain, keep less
    // than two thirds of the power between them either way.
    const to = validators.find((v) => v.operator === operatorOf(w.devnet, w.devnet.validators[0]!.name))!;
    const from = validators.find((v) => v.operator === operator)!;
    expect(await read(redelegationsQuery, { delegator: account })).toEqual([]);

    await page.keyboard.press("Control+6");
    await page.locator("#page-title", { hasText: "Staking" }).waitFor({ timeout: WAIT_MS });
    const table = page.getByTestId("redelegations-table");
    await expect.poll(() => table.textContent(), { timeout: WAIT_MS }).toContain("No redelegation in progress.");
    await page.getByRole("radio", { name: "Redelegate", exact: true }).check();
    await page.getByLabel("From validator", { exact: true }).selectOption(operator);
    await page.getByLabel("To validator", { exact: true }).selectOption(to.operator);
    await page.getByLabel("Amount (STAKE)").fill("1.5");
    await page.getByRole("button", { name: "Review redelegation" }).click();
    const message = page.getByTestId("prepared-message");
    await prepared();
    for (const fact of [operator, to.operator, "1500000ustake"]) expect(await message.textContent()).toContain(fact);
    await signAndFollow();

    // The chain has the entry, and the page's table shows it: from, to and amount.
    const [entry, ...more] = (await read(redelegationsQuery, { delegator: account }))!;
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ validatorSrcAddress: operator, validatorDstAddress: to.operator, balance: "1500000" });
    await page.getByRole("button", { name: "New staking action" }).click();
    const row = table.locator("tbody tr").filter({ hasText: "1.5 STAKE" });
    await row.waitFor({ timeout: WAIT_MS });
    const completes = await page.evaluate((t) => new Date(t).toLocaleString(), entry!.completionTime!);
    expect(await row.locator("td").allTextContents()).toEqual([from.moniker, to.moniker, "1.5 STAKE", completes]);
    expect(w.errors).toEqual([]);
  });

  it("unjails the validator from My validator once x/slashing jailed it, and the chain has it back in the set", async () => {
    const { page } = w;
    const params = await readSlashingParams(abciQuery);
    // Past the first signing window, so missed blocks count against it.
    await until("a height past the signing window", 120, async () => (BigInt((await latest()).latest_block_height) > BigInt(params.signedBlocksWindow) + 2n ? true : undefined));
    stopped = nodePid(inject("e2e").four.nodesDir, 3);
    process.kill(stopped, "SIGSTOP");
    await until("validator 3 jailed", 180, async () => ((await read(validatorQuery, { validator: operator }))?.jailed ? true : undefined));
    process.kill(stopped, "SIGCONT");
    stopped = undefined;

    await page.keyboard.press("Control+6");
    await page.getByTestId("own-validator").getByRole("link", { name: "Open the validator page" }).click({ timeout: WAIT_MS });
    await page.locator("#page-title", { hasText: "My validator" }).waitFor({ timeout: WAIT_MS });
    await expect.poll(() => page.getByTestId("operator-status").textContent(), { timeout: WAIT_MS }).toMatch(/, jailed$/);

    // The chain accepts an unjail once the block time passes the jail's end: wait on the chain.
    const own = (await stakingValidators(node0())).find((v) => v.operator === operator)!.address;
    // The signing info's jail end is read to the second (its nanoseconds dropped): a block a whole
    // second past it is past the true end.
    const jailedUntil = Date.parse((await readSigningInfos(abciQuery)).find((i) => i.address === own)!.jailedUntil) + 1_000;
    await until("a block past the jail time", 180, async () => (Date.parse((await latest()).latest_block_time) > jailedUntil ? true : undefined));

    await page.getByRole("button", { name: "Unjail", exact: true }).click();
    const message = page.getByTestId("prepared-message");
    await prepared();
    expect(await message.textContent()).toContain(operator);
    await signAndFollow();

    // Back in the set: not jailed, bonded once the staking module's end block has run, and
    // among CometBFT's validators again.
    await until("validator 3 bonded again", 60, async () => {
      const v = await read(validatorQuery, { validator: operator });
      return v && !v.jailed && v.status === "bonded" ? true : undefined;
    });
    await until("validator 3 in the consensus set", 60, async () => ((await rpc<{ validators: Array<{ address: string }> }>(node0(), "validators")).validators.some((v) => v.address === own) ? true : undefined));
    await page.getByRole("button", { name: "Back to the validator" }).click();
    await expect.poll(() => page.getByTestId("operator-status").textContent(), { timeout: WAIT_MS }).toBe("bonded");
    expect(await page.getByRole("button", { name: "Unjail", exact: true }).count()).toBe(0);
    expect(w.errors).toEqual([]);
  }, 600_000);
});
