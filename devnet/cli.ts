/**
 * `npm run devnet -- up | down | status | reset | logs`: the local Cosmos SDK chain.
 * See devnet/README.md.
 */
import { parseArgs } from "node:util";
import { ensureSimd } from "./lib/build.js";
import { DevnetError } from "./lib/errors.js";
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
  down                                       stop the processes that up started
  status                                     height of each node
  reset                                      stop and wipe the chain state
  logs [--node N] [--lines 50] [--no-follow] print and follow node logs

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
      "block-time": { type: "string" },
      variant: { type: "string" },
      all: { type: "boolean" },
      node: { type: "string" },
      lines: { type: "string" },
      "no-follow": { type: "boolean" },
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
      const result = await up(layout, { validators, blockTime: values["block-time"] }, consoleProgress());
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
