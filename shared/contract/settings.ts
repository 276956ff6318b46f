import { z } from "zod";
import { NoArgs } from "../primitives.js";
import { method } from "./method.js";

export const Settings = z.object({
  /** The vault locks itself after this long without a wallet call. 0 disables. */
  autoLockMinutes: z.number().int().min(0).max(24 * 60),
  /** Default HTTP form of explorer calls. */
  rpcMethod: z.enum(["GET", "POST"]),
  /** How often the block feed polls when the node's websocket is unavailable. */
  pollIntervalMs: z.number().int().min(250).max(60_000),
  /** Consent to keep access tokens when the OS keychain is only a plain-text fallback. */
  allowPlainTextTokens: z.boolean(),
  /**
   * Without an access service, main holds a signed transaction this long before it broadcasts
   * it: cancelling inside it means it is never sent. 0 broadcasts at once.
   */
  undoWindowSeconds: z.number().int().min(0).max(120),
  /** Closing the window keeps main (and the watch) running in the tray, where the OS has one. */
  keepRunningInTray: z.boolean(),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = { autoLockMinutes: 10, rpcMethod: "POST", pollIntervalMs: 2_000, allowPlainTextTokens: false, undoWindowSeconds: 10, keepRunningInTray: true };

/** `settings.*`: app preferences, stored in main. */
export const settingsMethods = {
  get: method(NoArgs, Settings),
  update: method(Settings.partial().strict(), Settings),
};
