import type { Settings } from "../../../../shared/contract/settings.js";

/** The settings typed as a number of units. */
export type NumberSetting = "autoLockMinutes" | "undoWindowSeconds";

interface NumberRule {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  /** What 0 means, as the field's label says it. */
  readonly zero: string;
  /** What the value in force does, in a sentence: it is still in force after a refusal. */
  readonly inForce: (value: number) => string;
}

/**
 * The contract's limits for these settings (`shared/contract/settings.ts`), kept here so that
 * the page loads no zod; a test holds the two to the same answers.
 */
export const NUMBER_SETTINGS: Readonly<Record<NumberSetting, NumberRule>> = {
  autoLockMinutes: {
    min: 0, max: 24 * 60, unit: "minutes", zero: "never lock",
    inForce: (v) => (v === 0 ? "The wallet still never locks by itself." : `The wallet still locks after ${v} idle minute${v === 1 ? "" : "s"}.`),
  },
  undoWindowSeconds: {
    min: 0, max: 120, unit: "seconds", zero: "send at once",
    inForce: (v) => (v === 0 ? "Signed transactions are still sent at once." : `Signed transactions are still held for ${v} second${v === 1 ? "" : "s"}.`),
  },
};

/**
 * The number main is sent for what was typed: decimal digits only. Anything else (empty, "1e",
 * "-", "1.5", "0x10") is no number, never 0: read as 0, an emptied field would turn auto-lock off.
 */
export function typedSetting(text: string): number {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** What main would refuse in `text` for `key`, in the user's words; undefined when it would take it. */
export function settingProblem(key: NumberSetting, text: string): string | undefined {
  const rule = NUMBER_SETTINGS[key];
  const value = typedSetting(text);
  if (Number.isInteger(value) && value >= rule.min && value <= rule.max) return undefined;
  const want = `a whole number of ${rule.unit} from ${rule.min} to ${rule.max.toLocaleString("en")} (0: ${rule.zero})`;
  const typed = text.trim();
  return typed === "" ? `Nothing was typed: type ${want}.` : `“${typed.length > 20 ? `${typed.slice(0, 20)}…` : typed}” is not ${want}.`;
}

/** The patch `settings.update` takes for one number setting. */
export const settingPatch = (key: NumberSetting, value: number): Partial<Settings> => ({ [key]: value });
