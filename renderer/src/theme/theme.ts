/** Light or dark: follows the OS unless the user picked one (stored locally; not a secret). */
export type ThemePreference = "system" | "light" | "dark";
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "cometdesk.theme";

export function resolveTheme(preference: ThemePreference, osPrefersDark: boolean): Theme {
  if (preference === "system") return osPrefersDark ? "dark" : "light";
  return preference;
}

export function parseThemePreference(value: string | null): ThemePreference {
  return value === "light" || value === "dark" || value === "system" ? value : "system";
}

/** The toggle flips what is shown now, so it is an explicit choice from then on. */
export function toggledPreference(current: Theme): ThemePreference {
  return current === "dark" ? "light" : "dark";
}
