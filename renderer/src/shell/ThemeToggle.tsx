import { useThemeState } from "../theme/ThemeProvider.js";

/** Switches between light and dark; the label says what a press does. */
export function ThemeToggle() {
  const { theme, toggle } = useThemeState();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button type="button" onClick={toggle} aria-label={`Switch to ${next} theme`} title="Switch theme (Mod+Shift+D)" data-testid="theme-toggle">
      {theme === "dark" ? "☀ Light" : "☾ Dark"}
    </button>
  );
}
