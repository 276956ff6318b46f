import { useCallback, useEffect, useState } from "react";
import { parseThemePreference, resolveTheme, type Theme, THEME_STORAGE_KEY, type ThemePreference, toggledPreference } from "./theme.js";

const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");

/** The shown theme, applied as <html data-theme>, with setters for the toggle and Settings. */
export function useTheme(): { theme: Theme; preference: ThemePreference; setPreference: (p: ThemePreference) => void; toggle: () => void } {
  const [preference, setPref] = useState<ThemePreference>(() => parseThemePreference(localStorage.getItem(THEME_STORAGE_KEY)));
  const [osDark, setOsDark] = useState(() => darkQuery().matches);
  useEffect(() => {
    const query = darkQuery();
    const onChange = (e: MediaQueryListEvent) => setOsDark(e.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  const theme = resolveTheme(preference, osDark);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  const setPreference = useCallback((p: ThemePreference) => {
    localStorage.setItem(THEME_STORAGE_KEY, p);
    setPref(p);
  }, []);
  const toggle = useCallback(() => setPreference(toggledPreference(theme)), [setPreference, theme]);
  return { theme, preference, setPreference, toggle };
}
