import type { TestProject } from "vitest/node";
import { startPostgres, testPostgresPort } from "./postgres-server.js";

/**
 * The PostgreSQL of the `integration-postgres` run: a fresh server (Debian's package) in a
 * temporary folder on a loopback port, stopped at the end. Where it cannot start, the run
 * fails and says why: the PostgreSQL store is never reported as tested when it was not.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres(testPostgresPort());
  project.provide("postgres", { url: server.url });
  return async () => server.stop();
}
