import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DevnetError } from "./errors.js";
import { layoutFromEnv, repoRoot } from "./layout.js";
import { buildTargets, layoutForCommand } from "./variant-args.js";
import { DEFAULT_VARIANT, moduleVersions, requiredVersion, VARIANTS, variantByName } from "./variants.js";

describe("the variant registry", () => {
  it("holds each chain module's go.mod to the SDK and CometBFT lines the registry names", () => {
    for (const v of VARIANTS) {
      const versions = moduleVersions(join(repoRoot, v.moduleDir));
      expect(versions.sdk.startsWith(`${v.sdkLine}.`), `${v.name}: cosmos-sdk ${versions.sdk}`).toBe(true);
      expect(versions.cometbft.startsWith(`${v.cometbftLine}.`), `${v.name}: cometbft ${versions.cometbft}`).toBe(true);
    }
  });

  it("names each variant once, with a module of its own, and has the default among them", () => {
    expect(new Set(VARIANTS.map((v) => v.name)).size).toBe(VARIANTS.length);
    expect(new Set(VARIANTS.map((v) => v.moduleDir)).size).toBe(VARIANTS.length);
    expect(variantByName(DEFAULT_VARIANT).name).toBe(DEFAULT_VARIANT);
  });

  it("refuses an unknown variant in words that list the known ones", () => {
    const err = (() => {
      try {
        variantByName("sdk99");
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(DevnetError);
    expect((err as DevnetError).message).toBe('there is no devnet variant "sdk99"');
    for (const v of VARIANTS) expect((err as DevnetError).hint).toContain(v.name);
  });

  it("reads a module's version from go.mod, a replace winning over the require", () => {
    const goMod = [
      "module x",
      "require (",
      "\tgithub.com/cosmos/cosmos-sdk v0.50.15",
      "\tgithub.com/cosmos/cosmos-sdk-extra v9.9.9",
      ")",
      "require github.com/cometbft/cometbft v0.38.20 // indirect",
    ].join("\n");
    expect(requiredVersion(goMod, "github.com/cosmos/cosmos-sdk")).toBe("0.50.15");
    expect(requiredVersion(goMod, "github.com/cometbft/cometbft")).toBe("0.38.20");
    const replaced = `${goMod}\nreplace github.com/cosmos/cosmos-sdk => github.com/cosmos/cosmos-sdk v0.46.16\n`;
    expect(requiredVersion(replaced, "github.com/cosmos/cosmos-sdk")).toBe("0.46.16");
    expect(() => requiredVersion(goMod, "github.com/tendermint/tendermint")).toThrow(/does not require github.com\/tendermint\/tendermint/);
  });

  it("takes a Tendermint 0.34 module's CometBFT version from its tendermint replace", () => {
    const dir = mkdtempSync(join(tmpdir(), "variant-"));
    const goMod = (replace: string): string =>
      ["module x", "require github.com/cosmos/cosmos-sdk v0.46.16", "require github.com/tendermint/tendermint v0.34.29 // indirect", replace].join("\n");
    writeFileSync(join(dir, "go.mod"), goMod("replace github.com/tendermint/tendermint => github.com/cometbft/cometbft v0.34.35"));
    expect(moduleVersions(dir)).toEqual({ sdk: "0.46.16", cometbft: "0.34.35" });
    // Tendermint itself is not CometBFT: without the replace there is no CometBFT version to give.
    writeFileSync(join(dir, "go.mod"), goMod(""));
    expect(() => moduleVersions(dir)).toThrow(/does not require github.com\/cometbft\/cometbft/);
    rmSync(dir, { recursive: true });
  });
});

describe("choosing a variant", () => {
  const other = VARIANTS.find((v) => v.name !== DEFAULT_VARIANT)!;

  it("defaults to the default variant, not marked as asked for", () => {
    const layout = layoutFromEnv({});
    expect(layout.variant.name).toBe(DEFAULT_VARIANT);
    expect(layout.variantAsked).toBe(false);
    expect(layout.simd).toBe(join(repoRoot, ".devnet", "bin", DEFAULT_VARIANT, "simd"));
    expect(layout.chainModuleDir).toBe(join(repoRoot, "devnet", "chains", DEFAULT_VARIANT));
  });

  it("takes COMETDESK_DEVNET_VARIANT, and --variant over it; each variant builds into its own folder", () => {
    const fromEnv = layoutFromEnv({ COMETDESK_DEVNET_VARIANT: other.name });
    expect([fromEnv.variant.name, fromEnv.variantAsked]).toEqual([other.name, true]);
    expect(fromEnv.simd).toBe(join(repoRoot, ".devnet", "bin", other.name, "simd"));
    const flagged = layoutForCommand(DEFAULT_VARIANT, { COMETDESK_DEVNET_VARIANT: other.name });
    expect([flagged.variant.name, flagged.variantAsked]).toEqual([DEFAULT_VARIANT, true]);
    expect(() => layoutFromEnv({ COMETDESK_DEVNET_VARIANT: "sdk99" })).toThrow(/no devnet variant "sdk99"/);
    expect(() => layoutForCommand("nope", {})).toThrow(/no devnet variant "nope"/);
  });

  it("builds every variant with --all, the default first, and refuses --all with --variant", () => {
    const layout = layoutFromEnv({ COMETDESK_DEVNET_DIR: "/tmp/x" });
    const all = buildTargets(layout, undefined, true);
    expect(all.map((l) => l.variant.name)).toEqual([DEFAULT_VARIANT, ...VARIANTS.map((v) => v.name).filter((n) => n !== DEFAULT_VARIANT)]);
    expect(new Set(all.map((l) => l.simd)).size).toBe(all.length);
    expect(buildTargets(layout, undefined, false)).toEqual([layout]);
    expect(() => buildTargets(layout, other.name, true)).toThrow(/cannot be combined/);
  });
});
