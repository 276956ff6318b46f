/**
 * The explorer's pages against a four-validator devnet: the real renderer in Chromium, the
 * real services behind the bridge, each page compared with what the node's RPC says.
 */
import { describe, inject } from "vitest";
import { chromiumPages } from "./support/browser.js";
import { explorerSpecs } from "./specs/explorer/explorer-specs.js";
import { secretScanSpec } from "./specs/secret-scan-spec.js";

const pages = chromiumPages({ width: 1300, height: 900 });

describe("explorer", () =>
  explorerSpecs({
    env: () => inject("e2e"),
    open: () => pages.newPage(),
    errors: pages.errors,
  }));

// Last: the whole suite's bridge traffic, DOM and storage hold none of the run's secrets.
secretScanSpec(() => ({ devnetDirs: [inject("e2e").four.devnetDir], vaults: [], bridges: [{ label: "the four-validator app's bridge secret", secret: inject("e2e").four.bridge.secret }] }));
