/**
 * One access token per network, kept in main. The renderer only ever learns `{hasToken, plainHttp}`;
 * bound-tokens.ts ties each token to the access service origin it was set for.
 * Implementations: safeStorage-encrypted (the app), in memory or a private file (the bridge).
 */
export interface TokenStore {
  get(networkId: string): Promise<string | undefined>;
  set(networkId: string, token: string): Promise<void>;
  clear(networkId: string): Promise<void>;
  has(networkId: string): Promise<boolean>;
}

/** For tests and `npm run bridge` without a data dir: forgotten when the process ends. */
export function createMemoryTokenStore(): TokenStore {
  const tokens = new Map<string, string>();
  return {
    get: async (id) => tokens.get(id),
    set: async (id, token) => void tokens.set(id, token),
    clear: async (id) => void tokens.delete(id),
    has: async (id) => tokens.has(id),
  };
}
