import { mkdirSync } from "node:fs";
import { basename, join } from "node:path";
import type { Network } from "../../shared/contract/network.js";
import type { Settings } from "../../shared/contract/settings.js";
import { type AccessClient, createAccessClient } from "./access/access-client.js";
import { registerAppHandlers } from "./app-handlers.js";
import { AppError } from "./app-error.js";
import { createDispatcher, type Dispatcher, type NamespaceHandlers } from "./dispatcher.js";
import { createEventHub, type EventHub } from "./event-hub.js";
import { createBlockFeed, type BlockFeedSource } from "./live/block-feed.js";
import { devnetSeed, DEVNET_ID } from "./networks/devnet-seed.js";
import { registerNetworkHandlers } from "./networks/network-handlers.js";
import { openNetworkStore } from "./networks/network-store.js";
import { perNetwork } from "./networks/per-network.js";
import { describeOnUse } from "./networks/describe-on-use.js";
import { transportReader } from "./networks/node-reader.js";
import { registerChainHandlers } from "./rpc/chain-handlers.js";
import { createReadWorker } from "./rpc/read-host.js";
import { createRpcTransport, type RpcEndpoint } from "./rpc/rpc-transport.js";
import { withReadPriority } from "./rpc/read-priority.js";
import { DEFAULT_MAX_WAIT_MS, DEFAULT_RATE_PER_SECOND, sharedRequestBudgets } from "../../shared/net/request-budget.js";
import { registerSettingsHandlers } from "./settings/settings-handlers.js";
import { openSettingsStore } from "./settings/settings-store.js";
import { createProblemLog } from "./storage/problems.js";
import { openFileTokenStore } from "./tokens/file-token-store.js";
import { openSafeStorageTokenStore, type SafeStorageLike } from "./tokens/safe-storage-token-store.js";
import { bindTokens } from "./tokens/bound-tokens.js";
import { createMemoryTokenStore, type TokenStore } from "./tokens/token-store.js";
import { registerAddressBookHandlers, openAddressBook } from "./address-book/address-book.js";
import { networkFunds } from "./tx/funds.js";
import { openOutbox } from "./tx/outbox.js";
import { prepareDirect } from "./tx/direct/prepare.js";
import { createSender, type SenderDeps } from "./tx/send.js";
import { createDirectChain, type DirectChain } from "./tx/direct/direct-chain.js";
import { createDirectSender } from "./tx/direct/direct-sender.js";
import { spendableBalancesQuery } from "../../shared/cosmos/bank/queries.js";
import { bearerHeader } from "../../shared/access/bearer.js";
import { allBalancesQuery } from "../../shared/cosmos/bank/queries.js";
import { runAbciQuery } from "./rpc/module-query.js";
import type { Notifier, SaveFile } from "./ports.js";
import { registerTxHandlers } from "./tx/tx-handlers.js";
import { openExportStore } from "./offline/export-store.js";
import { registerOfflineHandlers } from "./offline/offline-handlers.js";
import { createRoutes } from "./tx/routes/route-for.js";
import { createTxNotifier } from "./tx/tx-notifier.js";
import { createTxWatcher } from "./tx/tx-watcher.js";
import { openKeyNotices, registerKeyNoticeHandlers } from "./vault/key-notices.js";
import { openVault } from "./vault/vault.js";
import { openExternalAccounts } from "./signers/external-accounts.js";
import { createSigners } from "./signers/signers.js";
import { vaultAccounts } from "./signers/vault-kind.js";
import { watchKind } from "./signers/watch-kind.js";
import { ledgerAccountHandlers, ledgerKind } from "./signers/ledger-kind.js";
import { createLedgerDevice, type LedgerTransport } from "./ledger/ledger-device.js";
import { openUsbLedger } from "./ledger/ledger-usb.js";
import { multisigKind } from "./signers/multisig-kind.js";
import { registerWalletHandlers } from "./vault/wallet-handlers.js";
import { openAlertHistory } from "../../watch/alert-history.js";
import { nodeClient } from "./watch/node-client.js";
import { registerWatchHandlers } from "./watch/watch-handlers.js";
import { createWatchFeeds } from "./watch/watch-feeds.js";
import { createRemoteWatches } from "./watch/remote-watches.js";
import { openWatchConnections } from "./watch/watch-connections.js";
import { createWatch } from "../../watch/watch-service.js";
import { isWatched, openWatchStore } from "../../watch/watch-store.js";
import { createWebhookSender } from "../../watch/webhook.js";

/** Where access tokens are kept: the OS keychain in the app, memory or a private file in bridge mode. */
export type TokenStoreChoice = { readonly kind: "safeStorage"; readonly safeStorage: SafeStorageLike } | { readonly kind: "memory" } | { readonly kind: "file" };

export interface ServicesConfig {
  /** The app's data folder (Electron's userData, or the bridge's own folder). */
  readonly dataDir: string;
  readonly tokenStore: TokenStoreChoice;
  /** `.devnet/devnet.json`, for the "Local devnet" network and its dev token. */
  readonly devnetJsonPath?: string;
  readonly version?: string;
  readonly bridge?: boolean;
  readonly rpc?: { readonly timeoutMs?: number; readonly retries?: number; readonly maxBytes?: number };
  /** The app's save dialog, for CSV exports; without one (browser mode) the renderer downloads the text. */
  readonly saveFile?: SaveFile;
  /** Desktop notifications when a submitted transaction commits or fails, and the watch's alerts; none in browser mode. */
  readonly notifier?: Notifier;
  /** Asks where to save an export (Electron's save dialog); without one, exports go to `<dataDir>/exports`. */
  readonly chooseSavePath?: (suggestedName: string) => Promise<string | undefined>;
  /** Opens the Ledger's transport (tests replay recorded device answers); the first Ledger on USB by default, opened on first use. */
  readonly openLedger?: () => Promise<LedgerTransport>;
  /** Unexpected failures, for main's log; never sent to the renderer. */
  readonly onInternalError?: (method: string, error: unknown) => void;
  /**
   * Starts the read worker (rpc/read-host.ts) this long after the services, so the first block
   * page does not wait for it to start; unset, it starts on first use (the tests' services, which
   * seldom read a paged block, never pay for it).
   */
  readonly warmReadWorkerAfterMs?: number;
}

export interface Services {
  readonly dispatcher: Dispatcher;
  readonly events: EventHub;
  /** Starts the timers that live in main: the live block feed and the watch. */
  start(): void;
  /** The app's settings as stored now, and their changes (for the Electron glue: the tray). */
  settings(): Settings;
  onSettingsChange(listener: () => void): () => void;
  /** How many networks the watch follows now, and when that number changes (the tray says it). */
  watching(): number;
  onWatchingChange(listener: () => void): () => void;
  /** How many networks main keeps node clients for, outside the selected one's (sends, the watch). */
  networkClients(): { readonly direct: number; readonly watch: number };
  close(): Promise<void>;
}

/** How long after the app's services start it starts the read worker: after its first paint and block. */
export const READ_WORKER_WARM_MS = 2_000;

/** The composition root: builds every service from a config, used by Electron main and the bridge. */
export async function createServices(config: ServicesConfig): Promise<Services> {
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const problems = createProblemLog();
  const events = createEventHub((e) => config.onInternalError?.("event", e));
  const settings = openSettingsStore(config.dataDir, problems);
  const devnet = devnetSeed(config.devnetJsonPath);
  const networks = openNetworkStore({ dataDir: config.dataDir, devnet, problems });
  // Every token is read through its binding: only for the access service origin it was set for.
  const rawTokens = tokenStore(config, problems, () => settings.get().allowPlainTextTokens);
  const tokens = bindTokens(rawTokens);
  if (devnet?.token && (await tokens.forUrl(DEVNET_ID, devnet.network.accessUrl).catch(() => undefined)) !== devnet.token) {
    await tokens.set(devnet.network, devnet.token, false).catch((e: unknown) => config.onInternalError?.("devnet token", e));
  }

  const endpoints = (network: Network): RpcEndpoint[] =>
    network.rpcVia === "access" && network.accessUrl
      ? [{ url: network.accessUrl, kind: "access", headers: async () => bearerHeader(await tokens.forUrl(network.id, network.accessUrl)) }]
      : network.rpcUrls.map((url) => ({ url, kind: "node" as const }));
  // One request budget per endpoint for every part of main (shared/net/request-budget.ts), set by
  // each network's own settings; a read's wait is told where the read is visible.
  const budgets = sharedRequestBudgets();
  const configureBudgets = () => {
    for (const n of networks.list().networks) {
      for (const url of [...n.rpcUrls, ...(n.accessUrl ? [n.accessUrl] : [])]) budgets.configure(url, { ratePerSecond: n.requestBudget?.requestsPerSecond ?? DEFAULT_RATE_PER_SECOND });
    }
  };
  configureBudgets();
  const maxWaitOf = (network: Network) => (network.requestBudget?.maxWaitSeconds !== undefined ? network.requestBudget.maxWaitSeconds * 1_000 : DEFAULT_MAX_WAIT_MS);
  const toldWait = new Map<string, number>();
  const stopTellingWaits = budgets.onWait((w) => {
    // At most four a second per endpoint: a burst of reads waiting at once is one notice.
    const at = Date.now();
    if (at - (toldWait.get(w.endpoint) ?? 0) < 250) return;
    toldWait.set(w.endpoint, at);
    events.emit("network.rateLimitWait", { endpoint: w.endpoint, priority: w.priority, seconds: Math.min(600, Math.max(1, Math.ceil(w.waitMs / 1_000))), cause: w.cause });
  });
  const background = () => "background" as const;
  const releases: Array<() => Promise<void>> = [async () => stopTellingWaits()];
  const transport = createRpcTransport({ ...config.rpc, endpoints: () => endpoints(networks.selected()), maxWaitMs: () => maxWaitOf(networks.selected()) });
  // Each block's frame settles the app's own transactions as it lands (tx-watcher.ts).
  const feed = createBlockFeed({ events, pollIntervalMs: () => settings.get().pollIntervalMs, onBlockTxs: (networkId, txs) => void watcher.settleBlock(networkId, txs) });
  // One read worker for every network's large answers, started a little after the app so its
  // start neither slows the first paint nor the first block page.
  const reader = createReadWorker();
  releases.push(() => reader.close());
  if (config.warmReadWorkerAfterMs !== undefined) setTimeout(() => reader.warm(), config.warmReadWorkerAfterMs).unref();
  const chain = registerChainHandlers({
    transport,
    reader,
    defaultMethod: () => settings.get().rpcMethod,
    connection: () => feed.status(),
    // The signing record's commits from the feed's frames: no `commit` read per block.
    commitFromFeed: (id, height) => feed.commitOf(id, height),
    expectedChainId: () => networks.selected().chainId,
    chooseSavePath: config.chooseSavePath ?? exportsFolder(config.dataDir),
    onClose: (release) => releases.push(release),
  });

  const accessFor = async (network: Network) => {
    if (!network.accessUrl) throw new AppError("no_access_service", `${network.name} has no access service configured`);
    if (!(await tokens.status(network)).hasToken) throw new AppError("no_token", `set an access token for ${network.name} first`);
    const baseUrl = network.accessUrl;
    return createAccessClient({ baseUrl, token: () => tokens.forUrl(network.id, baseUrl) });
  };
  // Direct mode talks to a network's own nodes, whatever its explorer reads through: broadcasts
  // never go through an access service's /rpc. One client per network and endpoint list.
  const releaseFailed = (e: unknown) => config.onInternalError?.("release a network's clients", e);
  const directChains = perNetwork<DirectChain>(releaseFailed);
  const chainFor = (network: Network): DirectChain => {
    if (network.rpcUrls.length === 0) throw new AppError("no_rpc", `${network.name} has no node URL to send to`);
    return directChains.get(network.id, `${network.chainId}|${network.rpcUrls.join(" ")}`, (onRelease) => {
      const nodeTransport = createRpcTransport({ ...config.rpc, endpoints: () => network.rpcUrls.map((url) => ({ url, kind: "node" as const })), maxWaitMs: () => maxWaitOf(network) });
      const handlers = registerChainHandlers({
        transport: nodeTransport, reader, defaultMethod: () => "POST", connection: () => feed.status(), expectedChainId: () => network.chainId, onClose: onRelease,
      });
      return createDirectChain(handlers, nodeTransport);
    });
  };
  const spendable = (network: Network, address: string) =>
    runAbciQuery(async (q) => chainFor(network).abciQuery(q), spendableBalancesQuery, { address }, "balance_query_failed", "spendable balance");
  const watcher = createTxWatcher({
    events,
    // Following a sent transaction is a read nobody waits on a page for: it yields to theirs.
    fetchTx: (id, hash) =>
      withReadPriority("background", async () => {
        const network = networks.get(id);
        if (network.accessUrl && !direct.owns(id, hash)) return (await accessFor(network)).get(hash);
        const tx = await direct.get(network, hash);
        if (!tx) throw new AppError("not_found", "not known yet");
        return tx;
      }),
    onFinal: config.notifier ? createTxNotifier(config.notifier, (id) => networks.get(id)) : undefined,
  });
  const vault = openVault({ dataDir: config.dataDir, prefix: () => networks.selected().bech32Prefix, keyFacts: () => networks.selected(), autoLockMs: () => settings.get().autoLockMinutes * 60_000, events, problems });
  const outbox = openOutbox(config.dataDir, problems);
  const externalAccounts = openExternalAccounts(config.dataDir, problems);
  // The Ledger is held here, in main, like the vault's keys: the renderer hears only its progress words.
  const ledger = createLedgerDevice({ openTransport: config.openLedger ?? openUsbLedger, onProgress: (p) => events.emit("ledger.progress", p) });
  // Every account kind, behind one interface (signers/): the vault's own, and one factory per
  // kind of account kept outside it. A new kind is one file in signers/ and one line here.
  const signers = createSigners({
    vault: vaultAccounts(vault),
    external: externalAccounts,
    kinds: {
      watch: watchKind,
      ledger: ledgerKind(ledger),
      multisig: multisigKind,
    },
  });
  // Read through the selected network's transport: the sender only signs for the selected network.
  const funds = (network: Network, client: AccessClient) => networkFunds(async (q) => chain.abciQuery(q), client, network);
  // Messages other than a transfer are prepared as in direct mode, with the access service's
  // account view. Their reads (height, simulation) go where the selected network's explorer reads,
  // its service's /rpc or its nodes: a network may name no node at all. The service broadcasts.
  const selectedReads = createDirectChain(chain, transport);
  const prepareHeld: SenderDeps["prepare"] = (network, args, heldAccount) =>
    prepareDirect({ chain: selectedReads, outbox, signerFor: (address) => signers.signerFor(network, address), heldAccount }, network, args);
  const sender = createSender({ signers, outbox, funds, prepare: prepareHeld });
  const direct = createDirectSender({ signers, outbox, chainFor, spendable, holdMs: () => settings.get().undoWindowSeconds * 1_000, onInternalError: config.onInternalError });
  const addressBook = openAddressBook(config.dataDir, problems);
  const watchStore = openWatchStore(config.dataDir, problems);
  const alertHistory = openAlertHistory(config.dataDir, problems);
  // A network watched while another is selected reads through chain handlers of its own,
  // over its own endpoints: one set per network and endpoint list.
  const watchChains = perNetwork<NamespaceHandlers<"chain">>(releaseFailed);
  const watchChainFor = (network: Network): NamespaceHandlers<"chain"> => {
    if (network.id === networks.selected().id) return chain;
    const key = JSON.stringify([network.chainId, network.rpcVia, network.accessUrl, network.rpcUrls]);
    return watchChains.get(network.id, key, (onRelease) =>
      registerChainHandlers({
        transport: createRpcTransport({ ...config.rpc, endpoints: () => endpoints(network), maxWaitMs: () => maxWaitOf(network), priority: background }),
        reader,
        defaultMethod: () => "POST",
        connection: () => watchFeeds.status(network.id) ?? { networkId: network.id, endpoint: null, state: "idle", lastHeight: null, reason: null },
        expectedChainId: () => network.chainId,
        onClose: onRelease,
      }),
    );
  };
  const watchFeeds = createWatchFeeds({
    sourceFor: (network) => feedSource(network, watchChainFor(network)),
    pollIntervalMs: () => settings.get().pollIntervalMs,
    onBlock: (b) => watch.block(b),
  });
  const watch = createWatch({
    events,
    store: watchStore,
    history: alertHistory,
    chain: watchChainFor,
    commitFromFeed: (id, height) => feed.commitOf(id, height) ?? watchFeeds.commitOf(id, height),
    evidenceFromFeed: (id, height) => feed.evidenceOf(id, height) ?? watchFeeds.evidenceOf(id, height),
    nodeClient: (url) => nodeClient(url, undefined, undefined, budgets),
    notifier: config.notifier,
    webhook: createWebhookSender(),
    onInternalError: config.onInternalError,
  });

  // A network whose watch runs in a watch service is read there, and not watched here as well.
  const remoteWatches = createRemoteWatches({
    connections: openWatchConnections({ dataDir: config.dataDir, problems, tokens: rawTokens }),
    events,
    notifier: config.notifier,
    networkName: (id) => networks.list().networks.find((n) => n.id === id)?.name ?? id,
    onChange: () => started && syncWatch(),
  });

  // One route per network and one queue per sender, whether `tx.*` or `offline.*` sends.
  const txRouteFor = createRoutes({ sender, direct, chainFor, watcher, accessFor, funds, spendable, saveFile: config.saveFile });
  const dispatcher = createDispatcher(
    {
      app: registerAppHandlers({ version: config.version ?? "0.0.0", bridge: config.bridge ?? false, problems }),
      chain,
      network: registerNetworkHandlers(networks, tokens, { timeoutMs: config.rpc?.timeoutMs }, budgets),
      settings: registerSettingsHandlers(settings),
      addressBook: registerAddressBookHandlers(addressBook),
      offline: registerOfflineHandlers({ networks, routeFor: txRouteFor, signers, external: externalAccounts, exports: openExportStore(config.dataDir, problems), saveFile: config.saveFile }),
      tx: registerTxHandlers({ networks, routeFor: txRouteFor, direct, outbox, accessFor }),
      watch: registerWatchHandlers({ watch, store: watchStore, history: alertHistory, remote: remoteWatches, network: (id) => networks.get(id), selectedId: () => networks.list().selectedId }),
      wallet: { ...registerWalletHandlers(vault, devnet?.demoKeys, () => signers.accounts(networks.selected()), config.saveFile), ...registerKeyNoticeHandlers({ vault, network: (id) => networks.get(id), notices: openKeyNotices(config.dataDir, problems) }), ...ledgerAccountHandlers({ device: ledger, external: externalAccounts, network: (id) => networks.get(id) }), balances: async (a) => ({ balances: await runAbciQuery(async (q) => chain.abciQuery(q), allBalancesQuery, { address: a.address }, "balance_query_failed", "balance") }) },
    },
    { onInternalError: config.onInternalError },
  );

  const feedSource = (network: Network, reads: Pick<NamespaceHandlers<"chain">, "status" | "blockchain" | "blockResults"> = chain): BlockFeedSource => ({
    networkId: network.id,
    websocketUrl: network.rpcUrls[0] ? `${network.rpcUrls[0].replace(/^http/, "ws").replace(/\/+$/, "")}/websocket` : undefined,
    // The feed follows by itself: its polls yield to the reads a person is waiting for.
    latestHeight: () => withReadPriority("background", async () => BigInt((await reads.status({})).syncInfo.latestBlockHeight)),
    blocks: (min, max) =>
      withReadPriority("background", async () =>
        (await reads.blockchain({ minHeight: String(min), maxHeight: String(max) })).blockMetas.map((m) => ({
          height: m.header.height, hash: m.blockId.hash, time: m.header.time, numTxs: m.numTxs, proposerAddress: m.header.proposerAddress, validatorsHash: m.header.validatorsHash,
        })),
      ),
    txResults: (height) => withReadPriority("background", async () => (await reads.blockResults({ height })).txsResults),
  });
  const stopRearming = settings.onChange(() => vault.rearm()); // a new idle time applies at once
  let started = false;
  let reconciling = false;
  let reconcileTimer: NodeJS.Timeout | undefined;
  const reconcile = () => {
    if (reconciling || outbox.unconfirmed().length === 0) return;
    reconciling = true;
    // Each side on its own: one that fails does not keep the other's settled sends from the watcher.
    void withReadPriority("background", () => Promise.allSettled([sender.reconcile(async (id) => ({ network: networks.get(id), client: await accessFor(networks.get(id)) })), direct.reconcile((id) => networks.get(id))]))
      .then((sides) =>
        sides.forEach((side) => {
          if (side.status === "rejected") config.onInternalError?.("outbox reconcile", side.reason);
          else side.value.forEach(({ networkId, tx }) => watcher.watch(networkId, tx));
        }),
      )
      .catch((e: unknown) => config.onInternalError?.("outbox reconcile", e))
      .finally(() => (reconciling = false));
  };
  /** The selected network through main's feed; every other one with a watch list or extra nodes through a watch feed. */
  const watchingListeners = new Set<() => void>();
  const syncWatch = () => {
    const { networks: all, selectedId } = networks.list();
    const watched = all.filter((n) => (n.id === selectedId || isWatched(watchStore.get(n.id))) && !remoteWatches.isRemote(n.id));
    const before = watch.following().length;
    watch.followOnly(watched);
    watchFeeds.sync(watched.filter((n) => n.id !== selectedId));
    if (watch.following().length !== before) watchingListeners.forEach((l) => l());
  };
  const follow = () => {
    feed.start(feedSource(networks.selected()));
    syncWatch();
  };
  // A network gets its chain's facts on first use: when it is selected, or selected as the app starts.
  const describe = describeOnUse({
    networks,
    events,
    readerFor: (network) => {
      const [first] = endpoints(network);
      if (!first) return undefined;
      const reader = transportReader(createRpcTransport({ ...config.rpc, retries: 0, endpoints: () => endpoints(network), priority: background }));
      return { reader, url: first.kind === "access" ? `${first.url.replace(/\/+$/, "")}/rpc` : first.url };
    },
  });
  const describeSelected = () => void describe(networks.selected());
  const stopDescribing = networks.onChange(describeSelected);
  const stopFollowing = networks.onChange(() => started && follow());
  const stopWatchSync = watchStore.onChange(() => started && syncWatch());
  // Any network's change, not only the selected one's: a watched network that is deleted stops
  // being followed, one whose nodes changed is followed on the new ones, and a deleted network's
  // clients go with it.
  const stopListSync = networks.onListChange(() => {
    configureBudgets(); // a network's own request rate applies at once
    const ids = networks.list().networks.map((n) => n.id);
    directChains.keepOnly(ids);
    watchChains.keepOnly(ids);
    if (started) syncWatch();
  });

  return {
    dispatcher,
    events,
    settings: () => settings.get(),
    onSettingsChange: (listener) => settings.onChange(listener),
    watching: () => watch.following().length,
    onWatchingChange: (listener) => {
      watchingListeners.add(listener);
      return () => void watchingListeners.delete(listener);
    },
    networkClients: () => ({ direct: directChains.size(), watch: watchChains.size() }),
    start() {
      started = true;
      follow();
      remoteWatches.start();
      describeSelected();
      // Sends signed before a crash or quit: settle them by hash, resubmitting only what never
      // arrived; again every minute while the service was unreachable for some of them.
      reconcile();
      reconcileTimer = setInterval(reconcile, 60_000).unref();
    },
    async close() {
      started = false;
      clearInterval(reconcileTimer);
      stopFollowing();
      stopDescribing();
      stopWatchSync();
      stopListSync();
      stopRearming();
      feed.stop();
      watchFeeds.stop();
      watch.stop();
      remoteWatches.stop();
      watcher.stop();
      direct.close();
      vault.close();
      directChains.clear();
      watchChains.clear();
      await Promise.all(releases.map((release) => release()));
    },
  };
}

/** Browser mode has no save dialog: exports land in the data folder, under their suggested name. */
function exportsFolder(dataDir: string): (suggestedName: string) => Promise<string> {
  return async (name) => {
    const dir = join(dataDir, "exports");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return join(dir, basename(name));
  };
}

function tokenStore(config: ServicesConfig, problems: ReturnType<typeof createProblemLog>, consent: () => boolean): TokenStore {
  switch (config.tokenStore.kind) {
    case "safeStorage":
      return openSafeStorageTokenStore({ dataDir: config.dataDir, safeStorage: config.tokenStore.safeStorage, plainTextConsent: consent, problems });
    case "file":
      return openFileTokenStore(config.dataDir, problems);
    case "memory":
      return createMemoryTokenStore();
  }
}
