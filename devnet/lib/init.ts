import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AccountsFile } from "./accounts.js";
import { DevnetError } from "./errors.js";
import { backdateGenesis, fundGenesis, SELF_DELEGATION } from "./genesis.js";
import { CHAIN_ID, type Layout, nodeHome, STAKE_DENOM } from "./layout.js";
import type { Progress } from "./progress.js";
import { runSimd } from "./simd.js";

/**
 * Creates the node homes of a new chain with `count` validators: keys from
 * devnet/accounts.json, every key funded, one gentx per validator, one shared genesis.
 */
export async function initChain(layout: Layout, accounts: AccountsFile, count: number, progress: Progress): Promise<void> {
  if (count > accounts.validators.length) {
    throw new DevnetError(`at most ${accounts.validators.length} validators are supported, got ${count}`);
  }
  progress.step(`Initialising a new chain with ${count} validator(s)`);
  rmSync(layout.nodesDir, { recursive: true, force: true });
  mkdirSync(layout.nodesDir, { recursive: true });
  const validators = accounts.validators.slice(0, count);
  const homes = validators.map((_, i) => nodeHome(layout, i));

  for (const [i, home] of homes.entries()) {
    const denom = layout.variant.initDefaultDenom ? ["--default-denom", STAKE_DENOM] : [];
    await runSimd(layout, ["init", `node${i}`, "--chain-id", CHAIN_ID, ...denom, "--home", home]);
    await runSimd(
      layout,
      ["keys", "add", validators[i]!.name, "--recover", "--keyring-backend", "test", "--home", home],
      `${validators[i]!.mnemonic}\n`,
    );
    progress.update(`node${i} initialised`);
  }

  const genesisOf = (home: string): string => join(home, "config", "genesis.json");
  const funded = fundGenesis(readFileSync(genesisOf(homes[0]!), "utf8"), [...accounts.accounts, ...validators]);
  for (const home of homes) writeFileSync(genesisOf(home), funded);

  const gentxDir = join(homes[0]!, "config", "gentx");
  for (const [i, home] of homes.entries()) {
    await runSimd(layout, [
      ...layout.variant.genesisCommand, "gentx", validators[i]!.name, SELF_DELEGATION,
      "--chain-id", CHAIN_ID, "--moniker", `node${i}`, "--keyring-backend", "test", "--home", home,
    ]);
    if (i > 0) {
      mkdirSync(gentxDir, { recursive: true });
      for (const file of readdirSync(join(home, "config", "gentx"))) {
        copyFileSync(join(home, "config", "gentx", file), join(gentxDir, file));
      }
    }
    progress.update(`gentx of node${i} signed`);
  }
  await runSimd(layout, [...layout.variant.genesisCommand, "collect-gentxs", "--home", homes[0]!]);
  // After collect-gentxs, which writes the file again: the gentxs' commissions date from genesis.
  writeFileSync(genesisOf(homes[0]!), backdateGenesis(readFileSync(genesisOf(homes[0]!), "utf8")));
  await runSimd(layout, [...layout.variant.genesisCommand, layout.variant.validateCommand, "--home", homes[0]!]);
  for (const home of homes.slice(1)) copyFileSync(genesisOf(homes[0]!), genesisOf(home));
  progress.done(`chain ${CHAIN_ID} initialised with ${count} validator(s)`);
}
