import * as mainnets from "chain-registry/mainnet/chains.js";
import type * as cosmoshub from "chain-registry/mainnet/cosmoshub/index.js";

/** One chain as the chain-registry package types each of them. */
export type Chain = typeof cosmoshub.chain;

// CommonJS seen from an ES module: the array is `default`, or `default.default`.
const value = (mainnets as unknown as { default: readonly Chain[] | { default: readonly Chain[] } }).default;

/**
 * chain-registry's mainnets. Built as a file of its own beside main's bundle (scripts/build.ts)
 * and loaded on the first lookup only (registry-facts.ts): some 230 chains, 4 MB of script, are
 * too much to parse at every start for a form that is opened now and then.
 */
export const chains: readonly Chain[] = Array.isArray(value) ? value : (value as { default: readonly Chain[] }).default;
