// The layering of docs/architecture.md as a lint rule: every relative import is resolved to the
// file it names, and the importing file's layer must be allowed to import the target's layer.
// Layers are path prefixes; the longest prefix that matches a file names its layer.
import { dirname, relative, resolve, sep } from "node:path";

/**
 * Which layer may import which. `may` lists the layers a file of this layer may import besides its
 * own; "*" allows everything. A layer that is not listed here (a config file, say) is unchecked.
 */
export const LAYERS = [
  // The IPC contract and the plain helpers both processes use: no Cosmos codecs, so the renderer's
  // first script stays small.
  { name: "shared", paths: ["shared/"], may: ["actions"] },
  // The registry of actions each module declares (zod and plain code, no CosmJS): the contract
  // derives its message schemas from it, so the browser mode's bridge client loads it too. The
  // zod-free facts the actions share with the pages (a title, the vote weights' rules) sit beside
  // them, so that the pages load no zod inside Electron.
  {
    name: "actions",
    paths: [
      "shared/cosmos/action",
      ...["bank", "staking", "distribution", "gov", "slashing"].map((m) => `shared/cosmos/${m}/actions`),
      "shared/cosmos/bank/titles",
      "shared/cosmos/gov/weights",
    ],
    may: ["shared"],
  },
  // One folder per Cosmos module, over CosmJS: main, the service and the explorer's decoder use it.
  { name: "cosmos", paths: ["shared/cosmos/"], may: ["shared", "actions"] },
  // Stored files written whole (atomic write and fsync) and the log of files kept aside: plain Node,
  // for the app's services and the watch service alike.
  { name: "storage", paths: ["storage/"], may: ["shared"] },
  // The operator's watch in plain Node: the app's main process hosts it, and so does the headless
  // watch service (watch/service/), which therefore never imports electron/, renderer/ or server/.
  { name: "watch", paths: ["watch/"], may: ["shared", "cosmos", "actions", "storage"] },
  { name: "services", paths: ["electron/services/"], may: ["shared", "cosmos", "actions", "storage", "watch"] },
  { name: "ipc-channels", paths: ["electron/ipc-channels"], may: [] },
  { name: "main", paths: ["electron/main/"], may: ["shared", "cosmos", "actions", "services", "ipc-channels"] },
  { name: "preload", paths: ["electron/preload/"], may: ["shared", "ipc-channels"] },
  // The browser mode serves the renderer with the app's own CSP and protocol rules (plain Node files of main).
  { name: "bridge", paths: ["electron/bridge/"], may: ["shared", "cosmos", "actions", "services", "main"] },
  { name: "server", paths: ["server/"], may: ["shared", "cosmos", "actions"] },
  { name: "devnet", paths: ["devnet/"], may: ["shared", "cosmos", "actions", "server"] },
  // Tests drive the product, never the project's tools (the one exception finds Electron's binary).
  { name: "e2e", paths: ["e2e/"], may: ["shared", "cosmos", "actions", "storage", "watch", "services", "bridge", "server", "devnet", "renderer-any", "electron-binary"] },
  { name: "electron-binary", paths: ["scripts/electron-binary"], may: [] },
  { name: "scripts", paths: ["scripts/"], may: ["*"] },
  { name: "renderer-bridge", paths: ["renderer/bridge/"], may: ["shared"] },
  // Benchmark pages: the real renderer's parts, and the bridge's socket for the first-screen bench's floor page.
  { name: "renderer-bench", paths: ["renderer/bench/"], may: ["shared", "cosmos", "actions", "renderer-any", "renderer-bridge"] },
  // The renderer, lowest first: a layer imports the layers above it in this list, never below.
  { name: "text", paths: ["renderer/src/components/text/"], may: ["shared"] },
  { name: "theme", paths: ["renderer/src/theme/"], may: ["shared"] },
  { name: "api", paths: ["renderer/src/api/"], may: ["shared", "text", "renderer-bridge"] },
  { name: "components", paths: ["renderer/src/components/"], may: ["shared", "text", "api"] },
  { name: "queries", paths: ["renderer/src/queries/"], may: ["shared", "text", "api"] },
  { name: "events", paths: ["renderer/src/events/"], may: ["shared", "api", "queries"] },
  { name: "links", paths: ["renderer/src/links/"], may: ["shared", "text", "components"] },
  // Features: each may use every layer above, the Cosmos modules, and itself; never another feature.
  ...["explorer", "wallet", "networks", "settings", "lock", "staking", "governance", "watch"].map((name) => ({
    name,
    paths: [`renderer/src/${name}/`],
    may: ["shared", "cosmos", "actions", "text", "theme", "api", "components", "queries", "events", "links"],
  })),
  // The frame composes the features: their pages are reached only through its page table.
  { name: "shell", paths: ["renderer/src/shell/"], may: ["*"] },
  { name: "renderer-root", paths: ["renderer/src/main.", "renderer/src/App."], may: ["*"] },
];

/** Every file under renderer/src counts as "renderer-any" too, for the layers that may read any of it. */
const GROUPS = { "renderer-any": (path) => path.startsWith("renderer/src/") };

/** The layer of a repository-relative path: the longest matching prefix. */
export function layerOf(path, layers = LAYERS) {
  let best;
  for (const layer of layers) {
    for (const prefix of layer.paths) {
      if ((path === prefix || path.startsWith(prefix)) && (!best || prefix.length > best.prefix.length)) best = { layer, prefix };
    }
  }
  return best?.layer;
}

/** Whether a file at `from` may import the file at `to` (both relative to the repository root). */
export function allowed(from, to, layers = LAYERS) {
  const source = layerOf(from, layers);
  const target = layerOf(to, layers);
  if (!source || !target || source === target) return true;
  if (source.may.includes("*") || source.may.includes(target.name)) return true;
  return Object.entries(GROUPS).some(([group, test]) => source.may.includes(group) && test(to));
}

/** @type {import("eslint").Rule.RuleModule} */
export const layerRule = {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the layers of docs/architecture.md" },
    schema: [{ type: "object", properties: { root: { type: "string" } }, required: ["root"], additionalProperties: false }],
    messages: { against: "{{from}} ({{fromLayer}}) may not import {{to}} ({{toLayer}}): see docs/architecture.md, \"Layers\"." },
  },
  create(context) {
    const root = context.options[0].root;
    const from = relative(root, context.filename).split(sep).join("/");
    const check = (node, source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const to = relative(root, resolve(dirname(context.filename), source.value)).split(sep).join("/").replace(/\.(js|ts|tsx)$/, "");
      if (allowed(from, to)) return;
      context.report({ node, messageId: "against", data: { from, to: source.value, fromLayer: layerOf(from)?.name ?? "?", toLayer: layerOf(to)?.name ?? "?" } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
