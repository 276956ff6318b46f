import { createContext, type ReactNode, useContext } from "react";
import { useTheme } from "./use-theme.js";

type ThemeState = ReturnType<typeof useTheme>;
const ThemeContext = createContext<ThemeState | undefined>(undefined);

/** One theme state for the header toggle, the shortcut and the Settings page. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeContext.Provider value={useTheme()}>{children}</ThemeContext.Provider>;
}

export function useThemeState(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error("useThemeState outside ThemeProvider");
  return state;
}
