import { defineConfig } from "vitest/config";

// Six projects: fast unit tests, integration tests against the real devnet chain, the access
// service's integration tests again on PostgreSQL (plus the tests only that store has), the
// cross-generation checks against one devnet variant, e2e tests driving the built renderer in
// Chromium against the real services and a real devnet, and soak tests that watch for minutes.
// Integration and e2e files run one at a time: they share chain processes, and the machine is
// small. The projects share the test devnet's ports, so they run one after another (npm test).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{devnet,server,shared,storage,watch,electron,renderer,scripts}/**/*.test.ts", "e2e/support/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/*.postgres.test.ts", "**/*.e2e.test.ts", "**/*.matrix.test.ts", "**/*.soak.test.ts", "**/node_modules/**"],
          // A safety net, not a speed goal: the vault's scrypt (N=2^17) runs several times per
          // test and can pass 5 s when the two cores are busy.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "integration",
          // scripts/: the quick variants of the heavy and soak benchmarks, so their code paths do not rot.
          include: ["{devnet,server,watch,electron,scripts}/**/*.integration.test.ts"],
          globalSetup: ["./devnet/test/global-setup.ts"],
          // Each file ends with nothing of its own still in flight on the shared devnet.
          setupFiles: ["./devnet/test/settle-after-file.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          // The same server integration files, each service on a fresh PostgreSQL database
          // (server/test/test-storage.ts), and the tests of replicas sharing one.
          name: "integration-postgres",
          include: ["server/**/*.integration.test.ts", "server/**/*.postgres.test.ts"],
          // The devnet's own access service runs on the journal whatever the run, and the
          // durability file tests are about the journal's own files.
          exclude: ["server/devnet-access.integration.test.ts", "server/durability.integration.test.ts", "**/node_modules/**"],
          globalSetup: ["./devnet/test/global-setup.ts", "./server/test/postgres-global-setup.ts"],
          setupFiles: ["./devnet/test/settle-after-file.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          // The cross-generation checks against one devnet variant (COMETDESK_DEVNET_VARIANT, the
          // default when unset); npm test's matrix phase runs them once per other variant.
          name: "matrix",
          include: ["devnet/matrix/**/*.matrix.test.ts"],
          globalSetup: ["./devnet/matrix/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          // Long watches on a devnet of each file's own (its own port offset), run by npm test
          // beside the PostgreSQL and e2e phases: most of their time is the watch's own pace.
          name: "soak",
          include: ["**/*.soak.test.ts"],
          exclude: ["**/node_modules/**"],
          fileParallelism: false,
          testTimeout: 1_200_000,
          hookTimeout: 900_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          globalSetup: ["./e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
