import type { NamespaceHandlers } from "./dispatcher.js";
import type { ProblemLog } from "./storage/problems.js";

/** Registers `app.*`. */
export function registerAppHandlers(deps: { version: string; bridge: boolean; problems: ProblemLog }): NamespaceHandlers<"app"> {
  return {
    ping: () => ({ pong: true as const }),
    info: () => ({ version: deps.version, bridge: deps.bridge }),
    problems: () => ({ problems: [...deps.problems.list()] }),
  };
}
