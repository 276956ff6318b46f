import { z } from "zod";
import type { Network } from "../../../shared/contract/network.js";
import { tokenOrigin, tokenTravelsInClear } from "../../../shared/network/token-transport.js";
import { AppError } from "../app-error.js";
import type { TokenStore } from "./token-store.js";

/** What the store keeps per network: the token and the access service origin it was set for. */
const Binding = z.object({ v: z.literal(1), origin: z.string(), token: z.string(), plainHttp: z.boolean() });

export interface TokenStatus {
  readonly hasToken: boolean;
  /** The token goes over plain http to another machine, as the user chose for this network. */
  readonly plainHttp: boolean;
}

/**
 * Access tokens bound to where they were set. Threat: a network's URL changed (by the user, by
 * an edited file) after its token was set, so the next call, or the outbox's retry a minute
 * later, would send the Bearer token to the new host. A token is handed out only for the
 * origin it was set for, and over plain http to another machine only when the user chose that.
 */
export interface NetworkTokens {
  /** The token to send to `url` for network `id`, or undefined when there is none for that origin. */
  forUrl(id: string, url: string | null): Promise<string | undefined>;
  set(network: Network, token: string, allowPlainHttp: boolean): Promise<void>;
  clear(id: string): Promise<void>;
  status(network: Network): Promise<TokenStatus>;
}

export class PlainHttpTokenError extends AppError {
  constructor(name: string) {
    super("token_plain_http", `${name}'s access service uses plain http to another machine, so the token would cross the network unencrypted. Use an https URL, or choose to send the token over plain http.`);
  }
}

export function bindTokens(store: TokenStore): NetworkTokens {
  const binding = async (id: string) => {
    const raw = await store.get(id);
    if (raw === undefined) return undefined;
    try {
      const parsed = Binding.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // stored before tokens were bound to an origin: the user sets it again
    }
  };
  const forUrl = async (id: string, url: string | null) => {
    const b = url ? await binding(id) : undefined;
    if (!b || !url || b.origin !== tokenOrigin(url)) return undefined;
    if (tokenTravelsInClear(url) && !b.plainHttp) return undefined;
    return b.token;
  };
  return {
    forUrl,
    async set(network, token, allowPlainHttp) {
      if (!network.accessUrl) throw new AppError("no_access_service", `${network.name} has no access service: set its URL first`);
      const clear = tokenTravelsInClear(network.accessUrl);
      if (clear && !allowPlainHttp) throw new PlainHttpTokenError(network.name);
      await store.set(network.id, JSON.stringify({ v: 1, origin: tokenOrigin(network.accessUrl), token, plainHttp: clear }));
    },
    clear: (id) => store.clear(id),
    async status(network) {
      if (!(await store.has(network.id))) return { hasToken: false, plainHttp: false };
      const hasToken = (await forUrl(network.id, network.accessUrl)) !== undefined;
      return { hasToken, plainHttp: hasToken && tokenTravelsInClear(network.accessUrl!) };
    },
  };
}
