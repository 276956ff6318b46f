// @ts-check
/**
 * Runs a project command with a supported Node first on PATH (node-toolchain.mjs): the
 * machine's own when it meets the floor in toolchain.json, otherwise one fetched from the npm
 * registry into `.toolchain/`. `npm start` and `npm test` go through it, so the README's two
 * commands work on a machine whose Node is older.
 *
 *   node scripts/toolchain/with-node.mjs tsx scripts/start.ts
 */
import { spawn } from "node:child_process";
import { delimiter } from "node:path";
import { ensureNode } from "./node-toolchain.mjs";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/toolchain/with-node.mjs <command> [args…]\n");
  process.exit(2);
}

/** @type {string | undefined} */
let bin;
try {
  bin = ensureNode();
} catch (error) {
  process.stderr.write(`! ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

const env = bin ? { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` } : process.env;
const child = spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });
// Ctrl+C reaches the whole process group, the child included, which stops on its own terms
// (npm start closes the services first); passing SIGINT on as well would be a second one,
// cutting that short. So a SIGINT meant for this process alone (npm passes its own on) is
// followed by a SIGTERM, only if the child is still running a few seconds later. A SIGTERM
// or SIGHUP is passed on at once.
const running = () => child.exitCode === null && child.signalCode === null;
const forward = (/** @type {NodeJS.Signals} */ signal) => () => void (running() && child.kill(signal));
process.on("SIGINT", () => void setTimeout(forward("SIGTERM"), 3_000).unref());
process.on("SIGTERM", forward("SIGTERM"));
process.on("SIGHUP", forward("SIGHUP"));
child.on("error", (error) => {
  process.stderr.write(`! could not run ${command}: ${error.message}\n`);
  process.exit(1);
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : signal === "SIGKILL" ? 9 : 15) : 1)));
