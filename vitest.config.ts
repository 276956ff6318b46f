import { defineConfig } from "vitest/config";

// Two projects: fast unit tests, and integration tests against the real devnet chain.
// Integration files run one at a time: each may start chain processes, and the machine is small.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["{devnet,server,shared,electron,renderer,scripts}/**/*.test.ts"],
          exclude: ["**/*.integration.test.ts", "**/node_modules/**"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["{devnet,server,electron}/**/*.integration.test.ts"],
          globalSetup: ["./devnet/test/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
