import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultVariant, type Variant, variantByName } from "./variants.js";

/** The repository root, found from this file's location. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export const CHAIN_ID = "cometdesk-devnet";
export const BECH32_PREFIX = "cosmos";
/** Fee and transfer denom (display COMET, exponent 6). */
export const FEE_DENOM = "ucomet";
/** Staking denom (display STAKE, exponent 6). */
export const STAKE_DENOM = "ustake";
/** Minimum gas price every node accepts; low, so tests never run short of fees. */
export const MIN_GAS_PRICE = `0.0025${FEE_DENOM}`;

export interface NodePorts {
  readonly p2p: number;
  readonly rpc: number;
  readonly abci: number;
  readonly api: number;
  readonly grpc: number;
}

/** Where one devnet lives on disk and which ports it uses. */
export interface Layout {
  /** State folder: node homes, pid files, logs and devnet.json. */
  readonly stateDir: string;
  readonly nodesDir: string;
  readonly devnetJson: string;
  /**
   * The chain variant: the one asked for (COMETDESK_DEVNET_VARIANT, `--variant`) or the default.
   * An existing chain keeps the variant it was created with (`up` switches to it).
   */
  readonly variant: Variant;
  /** Whether `variant` was asked for rather than defaulted, so `up` can refuse a mismatch. */
  readonly variantAsked: boolean;
  /** The variant's simd build, shared by every state folder: `.devnet/bin/<variant>/`. */
  readonly binDir: string;
  readonly simd: string;
  readonly chainModuleDir: string;
  /** Added to every port, so a test devnet can run beside a developer's. */
  readonly portOffset: number;
}

/**
 * The layout for this process. COMETDESK_DEVNET_DIR moves the state folder,
 * COMETDESK_DEVNET_PORT_OFFSET shifts every port (tests use both) and COMETDESK_DEVNET_VARIANT
 * chooses the chain variant, as `--variant` does.
 */
export function layoutFromEnv(env: NodeJS.ProcessEnv = process.env): Layout {
  const stateDir = resolve(env.COMETDESK_DEVNET_DIR ?? join(repoRoot, ".devnet"));
  const offsetText = env.COMETDESK_DEVNET_PORT_OFFSET ?? "0";
  const portOffset = Number(offsetText);
  if (!Number.isInteger(portOffset) || portOffset < 0 || portOffset > 30000) {
    throw new Error(`COMETDESK_DEVNET_PORT_OFFSET must be an integer from 0 to 30000, got "${offsetText}"`);
  }
  const asked = env.COMETDESK_DEVNET_VARIANT;
  const base = { stateDir, nodesDir: join(stateDir, "nodes"), devnetJson: join(stateDir, "devnet.json"), portOffset };
  return withVariant(base, asked ? variantByName(asked) : defaultVariant(), Boolean(asked));
}

/** The same layout for `variant`: its build folder, binary and chain module. */
export function withVariant(layout: Omit<Layout, "variant" | "variantAsked" | "binDir" | "simd" | "chainModuleDir">, variant: Variant, asked: boolean): Layout {
  const binDir = join(repoRoot, ".devnet", "bin", variant.name);
  return {
    stateDir: layout.stateDir,
    nodesDir: layout.nodesDir,
    devnetJson: layout.devnetJson,
    portOffset: layout.portOffset,
    variant,
    variantAsked: asked,
    binDir,
    simd: join(binDir, "simd"),
    chainModuleDir: join(repoRoot, variant.moduleDir),
  };
}

/** Ports of node `index`: node 0 uses CometBFT's and the SDK's usual ports. */
export function nodePorts(layout: Layout, index: number): NodePorts {
  const o = layout.portOffset;
  return {
    p2p: 26656 + o + 10 * index,
    rpc: 26657 + o + 10 * index,
    abci: 26658 + o + 10 * index,
    api: 1317 + o + index,
    grpc: 9090 + o + index,
  };
}

export function nodeHome(layout: Layout, index: number): string {
  return join(layout.nodesDir, `node${index}`);
}
