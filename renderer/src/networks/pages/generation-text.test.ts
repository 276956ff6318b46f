import { describe, expect, it } from "vitest";
import { contract } from "../../../../shared/contract/index.js";
import { ApiError } from "../../api/unwrap.js";
import { generationText } from "./generation-text.js";

describe("what the Network page says a node runs", () => {
  it("names the consensus engine and the SDK as main read them", () => {
    const answer = contract.chain.generation.result.parse({ generation: "cometbft-0.38", consensusVersion: "0.38.23", appVersion: "", sdkVersion: "v0.53.8", label: "CometBFT 0.38.23 · Cosmos SDK v0.53.8", notes: [] });
    expect(generationText(answer, null)).toEqual({ text: "CometBFT 0.38.23 · Cosmos SDK v0.53.8", notes: [] });
  });

  it("gives an unknown generation's sentence with its label, and says why a node could not be asked", () => {
    const unknown = { generation: "unknown" as const, consensusVersion: "x", appVersion: "", sdkVersion: null, label: 'an unknown consensus engine (version "x")', notes: ["The node's version \"x\" is of no generation this app knows"] };
    expect(generationText(unknown, null).notes).toEqual(unknown.notes);
    const failed = generationText(undefined, new ApiError({ code: "rpc_unreachable", message: "no node answered (http://n: refused)" }));
    expect(failed).toEqual({ text: "not known", notes: ["The node could not be asked which generation it runs: no node answered (http://n: refused)."] });
  });
});
