// Lint rules, including the process-boundary rules of the house style:
// - `electron` is imported only under electron/main and electron/preload;
// - ipcMain, ipcRenderer and contextBridge appear only in the IPC adapter and the preload;
// - shared/ and renderer/ never import node: modules (shared/ imports nothing but zod).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

const nodeBuiltins = { group: ["node:*"], message: "No Node built-ins here: this code also runs in the renderer." };
const electronOutsideMain = { name: "electron", message: "Only electron/main and electron/preload may import electron." };

export default tseslint.config(
  { ignores: ["node_modules/", ".devnet/", ".devnet-*/", "dist/", "out/", "coverage/", "devnet/chain/", ".test-results/", ".cometdesk-web/", ".toolchain/"] },
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
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [electronOutsideMain, { name: "react", message: "shared/ is types and schemas only." }], patterns: [nodeBuiltins] },
      ],
    },
  },
  {
    files: ["renderer/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser }, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      "no-restricted-imports": ["error", { paths: [electronOutsideMain], patterns: [nodeBuiltins] }],
      // Chain data (memos, logs, monikers) is text, never HTML.
      "no-restricted-syntax": [
        "error",
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: "Chain data is text, never HTML." },
        { selector: "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]", message: "Chain data is text, never HTML." },
        { selector: "CallExpression[callee.property.name=/^(insertAdjacentHTML|write|writeln)$/]", message: "Chain data is text, never HTML." },
        { selector: "CallExpression[callee.name='eval'], NewExpression[callee.name='Function']", message: "The CSP forbids eval." },
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
