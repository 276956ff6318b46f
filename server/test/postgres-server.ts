/**
 * A throwaway PostgreSQL server for the tests and the benchmark: Debian's `initdb` and `pg_ctl`
 * (the `postgresql` package) into a temporary folder, listening on 127.0.0.1 only, stopped and
 * removed by `stop()`. PostgreSQL refuses to run as root, so as root it runs as `postgres`.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";

/** A running test server: an admin URL (database `postgres`) and how to stop it. */
export interface PostgresServer {
  readonly url: string;
  readonly port: number;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  stop(): void;
}

/**
 * The port the suites' PostgreSQL listens on: 15432 + COMETDESK_TEST_PORT_BASE / 1000, so two
 * checkouts with different bases never share one; COMETDESK_TEST_PG_PORT overrides it.
 */
export function testPostgresPort(env: NodeJS.ProcessEnv = process.env): number {
  if (env.COMETDESK_TEST_PG_PORT) return Number(env.COMETDESK_TEST_PG_PORT);
  return 15432 + Math.floor(Number(env.COMETDESK_TEST_PORT_BASE ?? "1000") / 1000);
}

/** The newest `/usr/lib/postgresql/<version>/bin` that has initdb, or PG_BIN; undefined when absent. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return existsSync(join(env.PG_BIN, "initdb")) ? env.PG_BIN : undefined;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, "bin")).find((bin) => existsSync(join(bin, "initdb")));
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Starts a fresh server on `port`; throws, saying why, when PostgreSQL is missing or cannot start. */
export async function startPostgres(port: number): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb (Debian: apt-get install postgresql, or set PG_BIN)");
  if (!(await portIsFree(port))) throw new Error(`port ${port} for the test PostgreSQL is in use (set COMETDESK_TEST_PG_PORT or COMETDESK_TEST_PORT_BASE)`);
  const dir = mkdtempSync(join(tmpdir(), "cometdesk-pg-"));
  const data = join(dir, "data");
  const asRoot = userInfo().uid === 0;
  const run = (tool: string, args: string[]): void => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    execFileSync(command, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: dir });
  };
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const log = join(dir, "server.log");
  try {
    // trust on loopback only: a test server with no data worth a password, on 127.0.0.1.
    run("initdb", ["-D", data, "-U", "cometdesk", "--auth=trust", "-E", "UTF8", "--locale=C"]);
    const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c max_connections=200`;
    run("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]);
  } catch (err) {
    const detail = existsSync(log) ? readFileSync(log, "utf8").split("\n").slice(-15).join("\n") : "";
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${stderr}\n${detail}`, { cause: err });
  }
  return {
    url: `postgres://cometdesk@127.0.0.1:${port}/postgres`,
    port,
    pid: () => Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
