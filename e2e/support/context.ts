/**
 * A browser-mode app: the renderer's URL with its bridge's address and no credential, and where
 * a spec asks for the one-time ticket a tab's link needs (`e2e/support/app-link.ts`), with the
 * bridge's long-lived secret, which never goes into a URL.
 */
export interface BrowserApp {
  readonly appUrl: string;
  readonly bridge: { readonly ticketUrl: string; readonly secret: string };
}

/** What the e2e global setup hands to every spec file. */
export interface E2eEnv extends BrowserApp {
  /** The devnet node's RPC, for reading the chain directly. */
  readonly rpc: string;
  /** The devnet's chain id. */
  readonly chainId: string;
  /** Where the app's main-process services keep their files in this run. */
  readonly dataDir: string;
  /** The devnet state folder (for the Electron variant, whose main process reads it itself). */
  readonly devnetDir: string;
  /** The devnet access service's dev token, which main seeds into its token store. */
  readonly devnetToken: string | undefined;
  /** The explorer's four-validator devnet, with its own app services behind their own bridge. */
  readonly four: BrowserApp & {
    /** Each node's RPC, node 0 first: the app talks to node 0. */
    readonly rpcs: readonly string[];
    readonly devnetDir: string;
    /** The devnet's port offset, to bring it down and up again through the devnet library. */
    readonly portOffset: number;
    /** Where the node pid files are (`node<i>.pid`). */
    readonly nodesDir: string;
    /** The app's data folder, where browser-mode exports land (`exports/`). */
    readonly dataDir: string;
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eEnv;
  }
}

/** The password every spec uses for the wallet the lock-screen spec creates. */
export const E2E_PASSWORD = "correct horse battery";
