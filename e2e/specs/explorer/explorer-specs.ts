import type { SpecContext } from "../../support/spec-context.js";
import { blockSpecs } from "./block-specs.js";
import { checkTxSpecs } from "./checktx-specs.js";
import { consensusSpecs } from "./consensus-specs.js";
import { corpusSpecs } from "./corpus-specs.js";
import { dashboardSpecs } from "./dashboard-specs.js";
import { liveSpecs } from "./live-specs.js";
import { monikerSpecs } from "./moniker-specs.js";
import { outageSpecs } from "./outage-specs.js";
import { searchSpecs } from "./search-specs.js";
import { transferSpecs } from "./transfer-specs.js";
import { validatorSpecs } from "./validator-specs.js";
import { toolSpecs } from "./tool-specs.js";

/** Every explorer spec; `open` gives a fresh page, `explore` (in each file) gets it to a route. */
export function explorerSpecs(ctx: SpecContext): void {
  dashboardSpecs(ctx);
  liveSpecs(ctx);
  blockSpecs(ctx);
  searchSpecs(ctx);
  validatorSpecs(ctx);
  transferSpecs(ctx);
  checkTxSpecs(ctx);
  toolSpecs(ctx);
  consensusSpecs(ctx);
  corpusSpecs(ctx);
  // Renames a validator (and back): late, so no earlier spec sees the hostile name.
  monikerSpecs(ctx);
  outageSpecs(ctx);
}
