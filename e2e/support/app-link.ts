import { z } from "zod";
import { appLink as withTicket } from "../../electron/bridge/browser-mode.js";
import type { BrowserApp } from "./context.js";

/**
 * A link for one new tab of a browser-mode app, opening `#/<route>`: its address with a fresh
 * one-time ticket, asked from the bridge with its secret (as `npm start` makes one per link).
 */
export async function appLink(app: BrowserApp, route = ""): Promise<string> {
  const response = await fetch(app.bridge.ticketUrl, { method: "POST", headers: { authorization: `Bearer ${app.bridge.secret}` } });
  if (!response.ok) throw new Error(`the bridge gave no ticket: HTTP ${response.status}`);
  const { ticket } = z.object({ ticket: z.string() }).parse(await response.json());
  return withTicket(app.appUrl, ticket, route);
}
