// Lint rules, including the process-boundary rules of docs/architecture.md:
// - `electron` is imported only under electron/main and electron/preload;
// - ipcMain, ipcRenderer and contextBridge appear only in the IPC adapter and the preload;
// - shared/ and renderer/ never import node: modules (shared/ imports nothing but zod);
// and the layering of docs/architecture.md: which folder may import which (scripts/lint/layers.js).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";
import { layerRule } from "./scripts/lint/layers.js";

const nodeBuiltins = { group: ["node:*"], message: "No Node built-ins here: this code also runs in the renderer." };
const electronOutsideMain = { name: "electron", message: "Only electron/main and electron/preload may import electron." };
const cosmjsInContract = { regex: "^(@cosmjs/|cosmjs-types)", message: "The contract stays zod only: Cosmos codecs live in shared/cosmos/<module>/." };
// CommonJS packages that cannot be tree-shaken, and the module files that import them: main and the service only.
const cosmjsHeavy = [
  { regex: "^@cosmjs/(stargate|tendermint-rpc)$", message: "Too heavy for the renderer: decode with cosmjs-types through shared/cosmos/<module>/messages.ts." },
  { regex: "shared/cosmos/(signing|[a-z-]+/(aminomessages|accounts))\\.js$", message: "Signing and account parsing pull @cosmjs/stargate: main and the service only." },
];

export default tseslint.config(
  { ignores: ["node_modules/", ".devnet/", ".devnet-*/", "dist/", "out/", "coverage/", "devnet/chains/", ".test-results/", ".cometdesk-web/", ".toolchain/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": ["error", { paths: [electronOutsideMain] }],
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    // Tests and their helpers drive the real pieces together (a devnet, the service, the bridge).
    ignores: ["**/*.test.ts", "**/test/**", "server/bench/**"],
    plugins: { cometdesk: { rules: { layers: layerRule } } },
    rules: { "cometdesk/layers": ["error", { root: import.meta.dirname }] },
  },
  {
    files: ["shared/**/*.ts"],
    ignores: ["shared/cosmos/**", "shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [electronOutsideMain, { name: "react", message: "shared/ is types and schemas only." }], patterns: [nodeBuiltins, cosmjsInContract] },
      ],
    },
  },
  {
    files: ["shared/cosmos/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [electronOutsideMain, { name: "react", message: "A Cosmos module is codecs and rules, no UI." }], patterns: [nodeBuiltins] },
      ],
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser }, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      "no-restricted-imports": ["error", { paths: [electronOutsideMain], patterns: [nodeBuiltins, ...cosmjsHeavy] }],
      // Chain data (memos, logs, monikers) is text, never HTML.
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Chain data is text, never HTML." },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: "Chain data is text, never HTML." },
        { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]", message: "Chain data is text, never HTML." },
        { selector: "CallExpression[callee.name='eval'], NewExpression[callee.name='Function']", message: "The CSP forbids eval." },
        // A control disabled while its own work runs drops the keyboard's focus on the page's body.
        {
          selector: "JSXOpeningElement[name.name=/^[a-z]/] > JSXAttribute[name.name='disabled'] Identifier[name=/^(busy|pending|isPending)$/]",
          message: "Disabled while busy drops the keyboard's focus: use BusyButton (aria-disabled), or keep the control usable and mark its group aria-busy.",
        },
      ],
    },
  },
  {
    files: ["electron/main/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "electron",
              importNames: ["ipcMain", "ipcRenderer", "contextBridge"],
              message: "IPC primitives belong in electron/main/ipc-adapter.ts and the preload only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["electron/main/ipc-adapter.ts", "electron/preload/**/*.ts"],
    rules: { "no-restricted-imports": "off" },
  },
);
