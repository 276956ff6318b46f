import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Lints one import as if it stood in `file`, with the repository's own eslint.config.js.
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import "${source}";\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === "cometdesk/layers" || m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the layering lint", () => {
  it("refuses an import against the layers", async () => {
    const against: Array<[string, string]> = [
      ["renderer/src/api/unwrap.ts", "../explorer/components/TxView.js"], // a lower layer imports a feature
      ["renderer/src/links/routes.ts", "../shell/page-chunks.js"], // a lower layer imports the shell
      ["renderer/src/wallet/pages/send/SendPage.tsx", "../../../explorer/pages/TxDetailPage.js"], // a feature imports another's page
      ["renderer/src/explorer/pages/TxDetailPage.tsx", "../../shell/routes.js"], // a feature imports the shell
      ["renderer/src/components/states.tsx", "../queries/chain-queries.js"],
      ["shared/contract/tx.ts", "../cosmos/bank/amino.js"], // the contract stays free of CosmJS
      ["shared/cosmos/bank/queries.ts", "../../../electron/services/app-error.js"],
      ["electron/services/tx/send.ts", "../../main/window.js"],
      ["server/routes/info.ts", "../../electron/services/app-error.js"],
      ["e2e/global-setup.ts", "../scripts/bench/world.js"], // tests drive the product, not the tools
      // The watch runs headless too: it never reaches into the app, the renderer or the access service.
      ["watch/watch-service.ts", "../electron/services/rpc/chain-handlers.js"],
      ["watch/watch-service.ts", "../renderer/src/watch/pages/WatchPage.js"],
      ["watch/watch-service.ts", "../server/lib/transactions.js"],
      ["storage/atomic-file.ts", "../watch/watch-store.js"],
    ];
    for (const [file, source] of against) expect(await problems(file, source), `${file} → ${source}`).toHaveLength(1);
  });

  it("keeps CosmJS's heavy packages and the signing types out of the renderer and Cosmos codecs out of the contract", async () => {
    expect(await problems("renderer/src/explorer/decode/tx-decoder.ts", "@cosmjs/stargate")).toHaveLength(1);
    expect(await problems("renderer/src/explorer/decode/tx-decoder.ts", "../../../../shared/cosmos/signing.js")).toHaveLength(1);
    expect(await problems("shared/contract/tx.ts", "cosmjs-types/cosmos/bank/v1beta1/tx")).toHaveLength(1);
  });

  it("lets an import that follows the layers pass", async () => {
    const along: Array<[string, string]> = [
      ["renderer/src/wallet/pages/transactions/TxRow.tsx", "../../../links/routes.js"],
      ["renderer/src/shell/page-chunks.ts", "../explorer/pages/TxDetailPage.js"],
      ["renderer/src/explorer/decode/tx-decoder.ts", "../../../../shared/cosmos/messages.js"],
      ["renderer/src/api/unwrap.ts", "../components/text/visible-text.js"],
      ["server/lib/transactions.ts", "../../shared/cosmos/amino-tx.js"],
      ["electron/services/tx/send.ts", "../../../shared/cosmos/tx-id.js"],
      ["e2e/global-setup.ts", "../electron/bridge/browser-mode.js"],
      ["watch/watch-store.ts", "../storage/atomic-file.js"],
      ["watch/chain-watch.ts", "../shared/cosmos/gov/queries.js"],
      ["electron/services/create-services.ts", "../../watch/watch-service.js"],
    ];
    for (const [file, source] of along) expect(await problems(file, source), `${file} → ${source}`).toEqual([]);
  });
});
