import type { z } from "zod";
import type { NetworkCheck } from "../../../shared/contract/network.js";
import { bech32PrefixQuery } from "../../../shared/cosmos/auth/queries.js";
import { runAbciQuery } from "../rpc/module-query.js";
import { NotANodeError, type ChainReader, notANodeReason, readChainFacts } from "./chain-facts.js";

type Problems = z.output<typeof NetworkCheck>["problems"];

/**
 * Whether every node is a CometBFT node of `chainId`, and the chain's prefix is `bech32Prefix`:
 * each disagreement in words, at the form's field that holds it (the chain id, the prefix, the
 * node URLs). A chain that names no prefix is not held against the form.
 */
export async function checkNetwork(input: { chainId: string; bech32Prefix: string; rpcUrls: readonly string[] }, readerFor: (url: string) => ChainReader): Promise<{ problems: Problems }> {
  const answers = await Promise.all(input.rpcUrls.map(async (url) => {
    const reader = readerFor(url);
    try {
      return { url, reader, chainId: (await reader.status()).chainId };
    } catch (error) {
      return { url, reader, error: error instanceof NotANodeError ? error.message : new NotANodeError(url, notANodeReason(error)).message };
    }
  }));
  const problems: Problems = {};
  const notNodes = answers.flatMap((a) => ("error" in a ? [a.error] : []));
  if (notNodes.length > 0) problems.rpcUrls = notNodes.join(" ").slice(0, 2000);
  const others = answers.flatMap((a) => ("chainId" in a && a.chainId !== input.chainId ? [`the node at ${a.url} is on chain “${String(a.chainId).slice(0, 64)}”`] : []));
  if (others.length > 0) problems.chainId = `${others.join("; ")}, not “${input.chainId}”: correct the chain id or the node URL.`.slice(0, 1000);
  const agreeing = answers.find((a) => "chainId" in a && a.chainId === input.chainId);
  if (agreeing) {
    const prefix = await chainPrefix(agreeing.reader, agreeing.url);
    if (prefix && prefix !== input.bech32Prefix) problems.bech32Prefix = `This chain's addresses start with “${prefix.slice(0, 40)}”, not “${input.bech32Prefix}” (${agreeing.url} says so).`.slice(0, 1000);
  }
  return { problems };
}

/** The chain's prefix from its auth module, else from one of its addresses; undefined when neither says. */
async function chainPrefix(reader: ChainReader, url: string): Promise<string | undefined> {
  const named = await runAbciQuery(reader.abciQuery, bech32PrefixQuery, {}, "prefix_query_failed", "prefix").catch(() => undefined);
  if (named) return named;
  const facts = await readChainFacts(reader, url, async () => undefined).catch(() => undefined);
  return facts?.bech32Prefix.read ? facts.bech32Prefix.value : undefined;
}
