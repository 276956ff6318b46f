import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DevnetError } from "./errors.js";

/**
 * One generation of chain the devnet can run: a Go module of its own under devnet/chains/, built
 * into `.devnet/bin/<name>/simd`. The exact versions are read from the module's go.mod (the one
 * place they are pinned); `sdkLine` and `cometbftLine` say which generation the module is meant
 * to be, and a unit test holds go.mod to them.
 */
export interface Variant {
  readonly name: string;
  /** The chain module, relative to the repository root. */
  readonly moduleDir: string;
  /** Cosmos SDK release line, e.g. "0.53". */
  readonly sdkLine: string;
  /** CometBFT release line, e.g. "0.38". */
  readonly cometbftLine: string;
  /**
   * The simd subcommand that holds `gentx`, `collect-gentxs` and the genesis check: `genesis` from SDK
   * 0.47 on; an older SDK has them at the top level (an empty list here).
   */
  readonly genesisCommand: readonly string[];
  /** The subcommand of `genesisCommand` that checks a genesis file: `validate` from SDK 0.50 on, `validate-genesis` before. */
  readonly validateCommand: string;
  /** Whether `simd init` takes `--default-denom` (SDK 0.47 on); without it the genesis edit names the denoms. */
  readonly initDefaultDenom: boolean;
  /** Whether `simd start` takes `--log_no_color` (SDK 0.47 on); v0.46's node log keeps its colour codes. */
  readonly startLogNoColor: boolean;
}

export const VARIANTS: readonly Variant[] = [
  // Tendermint Core 0.34 (CometBFT's v0.34 line) under SDK v0.46, whose own simapp the module wraps:
  // genesis commands at the top level, no `--default-denom` or `--log_no_color`, gov params in three parts.
  { name: "tm34", moduleDir: "devnet/chains/tm34", sdkLine: "0.46", cometbftLine: "0.34", genesisCommand: [], validateCommand: "validate-genesis", initDefaultDenom: false, startLogNoColor: false },
  // The BeginBlock/EndBlock generation. Gov's expedited params, which it lacks, are set only where
  // `simd init` wrote them (devnet/lib/genesis.ts).
  { name: "sdk47", moduleDir: "devnet/chains/sdk47", sdkLine: "0.47", cometbftLine: "0.37", genesisCommand: ["genesis"], validateCommand: "validate-genesis", initDefaultDenom: true, startLogNoColor: true },
  { name: "sdk50", moduleDir: "devnet/chains/sdk50", sdkLine: "0.50", cometbftLine: "0.38", genesisCommand: ["genesis"], validateCommand: "validate", initDefaultDenom: true, startLogNoColor: true },
  { name: "sdk53", moduleDir: "devnet/chains/sdk53", sdkLine: "0.53", cometbftLine: "0.38", genesisCommand: ["genesis"], validateCommand: "validate", initDefaultDenom: true, startLogNoColor: true },
  { name: "sdk54", moduleDir: "devnet/chains/sdk54", sdkLine: "0.54", cometbftLine: "0.39", genesisCommand: ["genesis"], validateCommand: "validate", initDefaultDenom: true, startLogNoColor: true },
];

/** The variant a new chain gets when none is asked for: the generation the whole suite runs on. */
export const DEFAULT_VARIANT = "sdk53";

/** The registered variant called `name`; an unknown name is refused with the known ones listed. */
export function variantByName(name: string): Variant {
  const found = VARIANTS.find((v) => v.name === name);
  if (found) return found;
  throw new DevnetError(
    `there is no devnet variant "${name}"`,
    `The known variants are ${VARIANTS.map((v) => `${v.name} (Cosmos SDK ${v.sdkLine}, CometBFT ${v.cometbftLine})`).join(", ")}; ${DEFAULT_VARIANT} is the default.`,
  );
}

export function defaultVariant(): Variant {
  return variantByName(DEFAULT_VARIANT);
}

/** The exact versions a chain module is built on, as its go.mod requires them (without the leading "v"). */
export interface ModuleVersions {
  readonly sdk: string;
  readonly cometbft: string;
}

/** Reads the Cosmos SDK and CometBFT versions from the go.mod in `moduleDir` (absolute). */
export function moduleVersions(moduleDir: string): ModuleVersions {
  const path = join(moduleDir, "go.mod");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new DevnetError(`cannot read ${path}: ${(err as Error).message}`);
  }
  return { sdk: requiredVersion(text, "github.com/cosmos/cosmos-sdk", path), cometbft: cometbftVersion(text, path) };
}

/** CometBFT's version; a Tendermint 0.34 module has it as the replacement of github.com/tendermint/tendermint. */
function cometbftVersion(goMod: string, path: string): string {
  try {
    return requiredVersion(goMod, "github.com/cometbft/cometbft", path);
  } catch (err) {
    if (!/^\s*(?:replace\s+)?github\.com\/tendermint\/tendermint(?:\s+v\S+)?\s+=>\s+github\.com\/cometbft\/cometbft\s/m.test(goMod)) throw err;
    return requiredVersion(goMod, "github.com/tendermint/tendermint", path);
  }
}

/**
 * The version go.mod resolves `modulePath` to: a `replace` onto a version of the same or another
 * module wins over the `require` line, as it does for Go.
 */
export function requiredVersion(goMod: string, modulePath: string, where = "go.mod"): string {
  const escaped = modulePath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const replaced = new RegExp(`^\\s*(?:replace\\s+)?${escaped}(?:\\s+v\\S+)?\\s+=>\\s+\\S+\\s+v(\\S+)`, "m").exec(goMod);
  if (replaced) return replaced[1]!;
  const required = new RegExp(`^\\s*(?:require\\s+)?${escaped}\\s+v(\\S+)`, "m").exec(goMod);
  if (required) return required[1]!;
  throw new DevnetError(`${where} does not require ${modulePath}`);
}
