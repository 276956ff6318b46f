import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../devnet/lib/layout.js";
import { ServiceConfig } from "./config.js";
import { checkDockerfile, execForm, parseDockerfile } from "./test/dockerfile-check.js";

/**
 * The watch service's Dockerfile, checked without building it (no image registry is reachable
 * where the suite runs; image.integration.test.ts runs its commands): what the checker asks of
 * it, and that the checker finds each fault it looks for.
 */
const text = readFileSync(join(repoRoot, "watch/service/Dockerfile"), "utf8");
const port = ServiceConfig.parse({ dataDir: "d", networks: [{ id: "n", name: "N", chainId: "c", bech32Prefix: "cosmos", rpcUrls: ["http://127.0.0.1:26657"] }] }).listen.port;
const check = (t: string) => checkDockerfile(t, { port, context: repoRoot });

describe("the watch service's Dockerfile", () => {
  it("uses known instructions, pinned bases, a user other than root, a /health check, the default port and exec-form commands", () => {
    expect(check(text)).toEqual([]);
    const entry = parseDockerfile(text).filter((i) => i.keyword === "ENTRYPOINT").at(-1)!;
    expect(execForm(entry.args)).toEqual(["node", "/app/watch-service.mjs"]);
  });

  it("is refused, in words, for each fault the checker looks for", () => {
    const swap = (from: string, to: string) => {
      expect(text).toContain(from);
      return check(text.replace(from, to));
    };
    expect(swap("FROM docker.io/library/node:22.12.0-bookworm-slim AS build", "FROM node:latest AS build")).toEqual([expect.stringContaining("node:latest is not pinned")]);
    expect(swap("FROM docker.io/library/node:22.12.0-bookworm-slim AS packages", "FROM node:22 AS packages")).toEqual([expect.stringContaining("node:22 is not pinned")]);
    expect(swap("USER node", "USER root")).toEqual(["the final stage runs as root"]);
    expect(swap("USER node", "")).toEqual(["the final stage sets no USER: it would run as root"]);
    expect(swap("http://127.0.0.1:26690/health", "http://127.0.0.1:26690/")).toEqual(["the HEALTHCHECK does not ask /health"]);
    expect(swap("EXPOSE 26690", "EXPOSE 8080")).toEqual([`the final stage does not EXPOSE the service's default port ${port}`]);
    expect(swap('ENTRYPOINT ["node", "/app/watch-service.mjs"]', "ENTRYPOINT node /app/watch-service.mjs")).toEqual([expect.stringContaining("ENTRYPOINT is not in exec form")]);
    expect(swap("COPY storage ./storage", "COPY storage-gone ./storage")).toEqual([expect.stringContaining("storage-gone is not in the build context")]);
    expect(swap("ENV NODE_ENV=production", "MAINTAINER someone")).toEqual([expect.stringContaining("unknown instruction MAINTAINER")]);
    expect(check("FROM scratch\\\nAS x\n")).toEqual(expect.arrayContaining(["the final stage has no HEALTHCHECK", "the final stage has no ENTRYPOINT"]));
  });
});
