/**
 * The main window's size, position and maximised state, remembered across launches in a
 * small JSON file under userData.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";

export const WindowStateSchema = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(400).max(16384),
  height: z.number().int().min(300).max(16384),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1200, height: 800, maximized: false };

/**
 * The saved state, or the default when the file is missing or unreadable. A saved position
 * that lies on no current display (a monitor was unplugged) is dropped, so the window is
 * centred instead of opening off-screen.
 */
export function readWindowState(path: string, displays: readonly Rect[]): WindowState {
  let parsed: WindowState;
  try {
    parsed = WindowStateSchema.parse(JSON.parse(readFileSync(path, "utf8")));
  } catch {
    return DEFAULT_WINDOW_STATE;
  }
  if (parsed.x === undefined || parsed.y === undefined) return { width: parsed.width, height: parsed.height, maximized: parsed.maximized };
  const bounds = { x: parsed.x, y: parsed.y, width: parsed.width, height: parsed.height };
  if (displays.some((d) => overlapsEnough(bounds, d))) return parsed;
  return { width: parsed.width, height: parsed.height, maximized: parsed.maximized };
}

/** Written to a temporary file and renamed, so a crash mid-write never leaves half a file. */
export function writeWindowState(path: string, state: WindowState): void {
  const valid = WindowStateSchema.parse(state);
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(valid)}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** At least a 100×50 px strip of the window (its title bar) is on the display. */
function overlapsEnough(w: Rect, d: Rect): boolean {
  const dx = Math.min(w.x + w.width, d.x + d.width) - Math.max(w.x, d.x);
  const dy = Math.min(w.y + w.height, d.y + d.height) - Math.max(w.y, d.y);
  return dx >= 100 && dy >= 50;
}
