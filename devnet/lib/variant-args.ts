import { DevnetError } from "./errors.js";
import { type Layout, layoutFromEnv, withVariant } from "./layout.js";
import { DEFAULT_VARIANT, VARIANTS, variantByName } from "./variants.js";

/** The layout a command works on: `--variant` when given wins over COMETDESK_DEVNET_VARIANT. */
export function layoutForCommand(variantFlag: string | undefined, env: NodeJS.ProcessEnv = process.env): Layout {
  const layout = layoutFromEnv(env);
  return variantFlag === undefined ? layout : withVariant(layout, variantByName(variantFlag), true);
}

/** What `build` builds: every variant with --all (the default first, as the suite needs it first), otherwise the layout's. */
export function buildTargets(layout: Layout, variantFlag: string | undefined, all: boolean): Layout[] {
  if (!all) return [layout];
  if (variantFlag !== undefined) throw new DevnetError("--all builds every variant; it cannot be combined with --variant");
  const ordered = [...VARIANTS].sort((a, b) => Number(b.name === DEFAULT_VARIANT) - Number(a.name === DEFAULT_VARIANT));
  return ordered.map((v) => withVariant(layout, v, true));
}
