import { METHOD_NAMES } from "../../../shared/contract/index.js";
import type { Handlers } from "../dispatcher.js";

/**
 * A handler table that only records that it was reached. Used solely to prove the dispatcher
 * did NOT call a service; behaviour is tested against the real services.
 */
export function recordingHandlers(answer: (method: string, args: unknown) => unknown = () => ({})): { handlers: Handlers; calls: Array<{ method: string; args: unknown }> } {
  const calls: Array<{ method: string; args: unknown }> = [];
  const table: Record<string, Record<string, (args: unknown) => unknown>> = {};
  for (const name of METHOD_NAMES) {
    const [ns, m] = name.split(".") as [string, string];
    (table[ns] ??= {})[m] = (args) => {
      calls.push({ method: name, args });
      return answer(name, args);
    };
  }
  return { handlers: table as unknown as Handlers, calls };
}
