/**
 * `npm run devnet -- up | down | status | reset | logs | copy-key | double-sign | stop-copy`: the local Cosmos SDK chain.
 * See devnet/README.md.
 */
import { parseArgs } from "node:util";
import { ensureSimd } from "./lib/build.js";
import { startCopyNode, stopCopyNode } from "./lib/copy-key.js";
import { DevnetError } from "./lib/errors.js";
import { parseExtraCount } from "./lib/extra-validators.js";
import { down, reset, status, up } from "./lib/devnet.js";
import { followLogs } from "./lib/logs.js";
import { consoleProgress } from "./lib/progress.js";
import { readDevnetInfo, type DevnetInfo } from "./lib/state.js";
import { buildTargets, layoutForCommand } from "./lib/variant-args.js";
import { DEFAULT_VARIANT, VARIANTS } from "./lib/variants.js";

const USAGE = `usage: npm run devnet -- <command> [options]

commands:
  build [--variant NAME | --all]             build simd if its sources changed (cached)
  up [--validators N] [--block-time 500ms]   start the devnet (build and initialise on first use)
     [--variant NAME]                        chain generation of a new chain (default ${DEFAULT_VARIANT})
     [--extra-validators N]                  N more bonded validators that run no node (default 0)
     [--unbonded-validators M]               M more that never enter the active set (default 0)
  down                                       stop the processes that up started
  status                                     height of each node
  reset                                      stop and wipe the chain state
  logs [--node N] [--lines 50] [--no-follow] print and follow node logs
  copy-key --validator N --no-peers          start a node with a copy of validator N's key, alone:
                                             it reports the key but signs nothing
  double-sign --validator N                  start a peered copy of validator N's key that prevotes
                                             nil at once: the chain records double-sign evidence
                                             and tombstones N (a throwaway chain only)
  stop-copy --validator N                    stop that copy node (down and reset stop it too)

environment:
  COMETDESK_DEVNET_DIR           state folder (default .devnet)
  COMETDESK_DEVNET_PORT_OFFSET   added to every port (default 0)
  COMETDESK_DEVNET_VARIANT       as --variant

variants: ${VARIANTS.map((v) => `${v.name} (Cosmos SDK ${v.sdkLine}, CometBFT ${v.cometbftLine})`).join(", ")}`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      validators: { type: "string" },
      "extra-validators": { type: "string" },
      "unbonded-validators": { type: "string" },
      "block-time": { type: "string" },
      variant: { type: "string" },
      all: { type: "boolean" },
      node: { type: "string" },
      lines: { type: "string" },
      "no-follow": { type: "boolean" },
      validator: { type: "string" },
      "no-peers": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || command === undefined) {
    console.log(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  const layout = layoutForCommand(values.variant);
  switch (command) {
    case "build": {
      for (const target of buildTargets(layout, values.variant, values.all === true)) {
        await ensureSimd(target, consoleProgress());
        console.log(`simd of ${target.variant.name} is up to date: ${target.simd}`);
      }
      return 0;
    }
    case "up": {
      const validators = values.validators === undefined ? undefined : Number(values.validators);
      const extraValidators = { bonded: parseExtraCount("extra-validators", values["extra-validators"]), unbonded: parseExtraCount("unbonded-validators", values["unbonded-validators"]) };
      const result = await up(layout, { validators, blockTime: values["block-time"], extraValidators }, consoleProgress());
      if (result.alreadyRunning) console.log("The devnet is already up.\n");
      printInfo(result.info);
      return 0;
    }
    case "down": {
      const stopped = await down(layout);
      console.log(stopped.length ? `Stopped ${stopped.join(", ")}.` : "Nothing was running.");
      return 0;
    }
    case "reset": {
      const stopped = await reset(layout);
      console.log(`${stopped.length ? `Stopped ${stopped.join(", ")}; c` : "C"}hain state wiped. The next \`up\` creates a new chain.`);
      return 0;
    }
    case "status": {
      const reports = await status(layout);
      if (reports.length === 0) {
        console.log("No devnet has been started here. Run `npm run devnet -- up`.");
        return 1;
      }
      for (const r of reports) {
        const state = r.height === undefined ? (r.pid ? "not answering" : "down") : `height ${r.height}${r.catchingUp ? " (catching up)" : ""}`;
        console.log(`${r.moniker.padEnd(6)} ${r.rpc.padEnd(24)} ${state}${r.pid ? `  pid ${r.pid}` : ""}`);
      }
      return reports.every((r) => r.height !== undefined) ? 0 : 1;
    }
    case "logs": {
      const info = readDevnetInfo(layout);
      if (!info) throw new DevnetError("no devnet has been started here", "Run `npm run devnet -- up` first.");
      const index = values.node === undefined ? undefined : Number(values.node);
      const nodes = index === undefined ? info.nodes : info.nodes.filter((_, i) => i === index);
      if (nodes.length === 0) throw new DevnetError(`there is no node ${values.node}; the devnet has ${info.nodes.length}`);
      const lines = values.lines === undefined ? 50 : Number(values.lines);
      if (!Number.isInteger(lines) || lines < 0) throw new DevnetError(`--lines must be a whole number, got "${values.lines}"`);
      await followLogs(nodes.map((n) => ({ name: n.moniker, path: n.log })), lines, !values["no-follow"]);
      return 0;
    }
    case "copy-key":
    case "double-sign": {
      const validator = Number(values.validator ?? "");
      if (values.validator === undefined) throw new DevnetError(`${command} needs --validator N (the node whose key is copied)`);
      if (command === "copy-key" && !values["no-peers"]) throw new DevnetError("copy-key starts the copy without peers: pass --no-peers (a peered copy double-signs; that is `double-sign`)");
      const copy = await startCopyNode(layout, { validator, peers: command === "double-sign" });
      console.log(`${copy.moniker} holds node${validator}'s validator key: rpc ${copy.rpc}, log ${copy.log}${command === "double-sign" ? "\nIt double-signs until the chain tombstones the validator; stop it with `stop-copy`." : ""}`);
      return 0;
    }
    case "stop-copy": {
      if (values.validator === undefined) throw new DevnetError("stop-copy needs --validator N");
      const stopped = await stopCopyNode(layout, Number(values.validator));
      console.log(stopped ? "Stopped the copy node." : "No copy node was running.");
      return 0;
    }
    default:
      console.error(`unknown command "${command}"\n\n${USAGE}`);
      return 2;
  }
}

function printInfo(info: DevnetInfo): void {
  console.log(`Chain ${info.chainId}, variant ${info.variant}: Cosmos SDK ${info.sdkVersion}, CometBFT ${info.cometbftVersion}`);
  console.log(`(fee denom ${info.denom}, staking denom ${info.stakeDenom}, min gas price ${info.minGasPrice})\n`);
  for (const n of info.nodes) {
    console.log(`  ${n.moniker}  rpc ${n.rpc}  api ${n.api}  grpc ${n.grpc}`);
  }
  if (info.access) console.log(`\n  access service ${info.access.url}  (dev token in .devnet/devnet.json)`);
  console.log("\nTest-only accounts (public mnemonics in devnet/accounts.json):");
  for (const a of info.accounts) console.log(`  ${a.name.padEnd(6)} ${a.address}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof DevnetError) {
      console.error(`\ndevnet: ${err.message}`);
      if (err.detail) console.error(`\n${err.detail}\n`);
      if (err.hint) console.error(err.hint);
    } else {
      console.error(err);
    }
    process.exit(1);
  },
);
