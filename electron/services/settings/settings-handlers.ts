import type { NamespaceHandlers } from "../dispatcher.js";
import type { SettingsStore } from "./settings-store.js";

/** Registers `settings.*`. */
export function registerSettingsHandlers(settings: SettingsStore): NamespaceHandlers<"settings"> {
  return { get: () => settings.get(), update: (patch) => settings.update(patch) };
}
