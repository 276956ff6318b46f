import { useCallback, useEffect, useState } from "react";
import { parseThemePreference, resolveTheme, type Theme, THEME_STORAGE_KEY, type ThemePreference, toggledPreference } from "./theme.js";

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");
const storedPreference = () => parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY));

/**
 * Shows the stored (or the OS's) theme before React's first render, from main.tsx while the
 * window waits on its connection: the first read of a fresh window's localStorage waits on the
 * browser, and a theme set only after the first render would restyle the whole page once more.
 */
export function applyStoredTheme(): void {
  try {
    document.documentElement.dataset.theme = resolveTheme(storedPreference(), darkQuery().matches);
  } catch {
    // No storage in this window: the theme is left to the provider.
  }
}

/** The shown theme, applied as <html data-theme>, with setters for the toggle and Settings. */
export function useTheme(): { theme: Theme; preference: ThemePreference; setPreference: (p: ThemePreference) => void; toggle: () => void } {
  const [preference, setPref] = useState<ThemePreference>(storedPreference);
  const [osDark, setOsDark] = useState(() => darkQuery().matches);
  useEffect(() => {
    const query = darkQuery();
    const onChange = (e: MediaQueryListEvent) => setOsDark(e.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  const theme = resolveTheme(preference, osDark);
  useEffect(() => {
    if (document.documentElement.dataset.theme !== theme) document.documentElement.dataset.theme = theme;
  }, [theme]);
  const setPreference = useCallback((p: ThemePreference) => {
    localStorage.setItem(THEME_STORAGE_KEY, p);
    setPref(p);
  }, []);
  const toggle = useCallback(() => setPreference(toggledPreference(theme)), [setPreference, theme]);
  return { theme, preference, setPreference, toggle };
}
