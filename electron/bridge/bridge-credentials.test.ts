import { describe, expect, it } from "vitest";
import { createBridgeCredentials } from "./bridge-credentials.js";

const ticket = (t: string) => [`cometdesk.ticket.${t}`];
const secret = (s: string) => [`cometdesk.secret.${s}`];

describe("bridge credentials", () => {
  it("spends a ticket on its first use, even a failed one elsewhere in the handshake", () => {
    const c = createBridgeCredentials();
    const t = c.issueTicket();
    expect(c.admit(ticket(t))).toBe("ticket");
    expect(c.admit(ticket(t))).toBeUndefined();
  });

  it("lets a ticket expire unused", () => {
    let now = 1_000;
    const c = createBridgeCredentials({ ticketTtlMs: 60_000, now: () => now });
    const t = c.issueTicket();
    now += 60_001;
    expect(c.admit(ticket(t))).toBeUndefined();
  });

  it("admits the long-lived secret and session secrets, and nothing made up", () => {
    const c = createBridgeCredentials({ secret: "s".repeat(64) });
    expect(c.admit(secret("s".repeat(64)))).toBe("secret");
    const session = c.newSession();
    expect(c.admit(secret(session))).toBe("secret");
    expect(c.admit(secret("0".repeat(64)))).toBeUndefined();
    expect(c.admit(ticket(session))).toBeUndefined(); // a session is not a ticket
    expect(c.admit(["cometdesk-bridge.v1"])).toBeUndefined();
    expect(c.isSecret("s".repeat(64))).toBe(true);
    expect(c.isSecret(session)).toBe(false); // a tab's session cannot ask for tickets
  });

  it("keeps a bounded number of outstanding tickets, dropping the oldest", () => {
    const c = createBridgeCredentials();
    const first = c.issueTicket();
    for (let i = 0; i < 64; i++) c.issueTicket();
    expect(c.admit(ticket(first))).toBeUndefined();
  });
});
