// @ts-check
/**
 * `npm ci`'s first line on a machine whose Node is older than toolchain.json's floor: what will
 * happen, in one line, where npm would otherwise print a screen of EBADENGINE warnings (the
 * project's .npmrc keeps npm's warnings out: loglevel=error). Run as package.json's
 * `preinstall`, by the Node that is there, so plain JavaScript with no dependency. On a
 * supported Node it prints nothing.
 */
import { pathToFileURL } from "node:url";
import { readToolchain, versionAtLeast } from "./node-toolchain.mjs";

/** @param {string} version the running Node's (process.version) @param {{ floor: string, line: string }} node toolchain.json's @returns {string | undefined} */
export function installNotice(version, node) {
  if (versionAtLeast(version, node.floor)) return undefined;
  return `Node ${version} is older than the ${node.floor} this project needs: the install goes on, and \`npm start\` and \`npm test\` fetch Node ${node.line} into .toolchain/ on their first run (engine warnings hidden; \`npm ci --loglevel=warn\` shows them).`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const line = installNotice(process.version, readToolchain().node);
  if (line) process.stdout.write(`${line}\n`);
}
