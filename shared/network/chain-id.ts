/**
 * What a chain id may be. CometBFT refuses a genesis whose chain id is longer than
 * MaxChainIDLen (50, cometbft types/genesis.go), compared with Go's `len`, which counts UTF-8
 * bytes: a network with a longer one cannot exist. Plain code, no zod, so the network form
 * checks it without loading the contract's schemas.
 */
export const MAX_CHAIN_ID_BYTES = 50;

/** What is wrong with a chain id, in words for its field, or undefined when a chain may have it. */
export function chainIdProblem(chainId: string): string | undefined {
  if (chainId === "") return "The chain id is required, as the chain's genesis gives it: cosmoshub-4, for example.";
  const bytes = new TextEncoder().encode(chainId).length;
  if (bytes > MAX_CHAIN_ID_BYTES) return `A chain id has at most ${MAX_CHAIN_ID_BYTES} bytes, CometBFT's limit; this one has ${bytes}.`;
  return undefined;
}
