import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { SECRET_PROTOCOL_PREFIX, TICKET_PROTOCOL_PREFIX } from "../../shared/bridge-protocol.js";

/**
 * Who may open the bridge. Threat: a secret in a URL stays in the browser's history and, on a
 * command line (`xdg-open <link>`), is readable by every local user in /proc. So the long-lived
 * secret never goes into a URL: a browser tab gets a one-time ticket in its link, trades it at
 * once for a session secret of its own (kept in the tab's sessionStorage, for reloads), and the
 * ticket is useless after that, or after a few minutes unused.
 */
export interface BridgeCredentials {
  /** The long-lived secret: for harnesses in Node and for asking tickets; never for a URL. */
  readonly secret: string;
  /** A one-time ticket for one browser tab's link. */
  issueTicket(): string;
  /** Whether the long-lived secret is `given` (timing-safe). */
  isSecret(given: string): boolean;
  /** Checks the credential among the offered subprotocols; a ticket is used up here. */
  admit(offered: readonly string[]): "secret" | "ticket" | undefined;
  /** A new session secret, for the tab that just spent a ticket. */
  newSession(): string;
}

export interface BridgeCredentialOptions {
  readonly secret?: string;
  /** How long an unused ticket stays good. */
  readonly ticketTtlMs?: number;
  readonly now?: () => number;
}

const MAX_TICKETS = 64;
const MAX_SESSIONS = 256;
export const DEFAULT_TICKET_TTL_MS = 5 * 60_000;

const fresh = () => randomBytes(32).toString("hex");
// Kept hashed, so looking one up says nothing through its timing about the others.
const digest = (value: string) => createHash("sha256").update(value).digest("hex");

export function createBridgeCredentials(options: BridgeCredentialOptions = {}): BridgeCredentials {
  const secret = options.secret ?? fresh();
  const ttl = options.ticketTtlMs ?? DEFAULT_TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const tickets = new Map<string, number>(); // digest → expiry
  const sessions = new Set<string>(); // digests, oldest first
  const isSecret = (given: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(secret);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const bounded = <T>(collection: { size: number; keys(): IterableIterator<T>; delete(key: T): boolean }, max: number) => {
    while (collection.size > max) collection.delete(collection.keys().next().value as T);
  };
  return {
    secret,
    isSecret,
    issueTicket() {
      for (const [key, expiry] of tickets) if (expiry <= now()) tickets.delete(key);
      const ticket = fresh();
      tickets.set(digest(ticket), now() + ttl);
      bounded(tickets, MAX_TICKETS);
      return ticket;
    },
    admit(offered) {
      for (const protocol of offered) {
        if (protocol.startsWith(SECRET_PROTOCOL_PREFIX)) {
          const given = protocol.slice(SECRET_PROTOCOL_PREFIX.length);
          if (isSecret(given) || sessions.has(digest(given))) return "secret";
        } else if (protocol.startsWith(TICKET_PROTOCOL_PREFIX)) {
          const key = digest(protocol.slice(TICKET_PROTOCOL_PREFIX.length));
          const expiry = tickets.get(key);
          tickets.delete(key); // one use, whatever happens next
          if (expiry !== undefined && expiry > now()) return "ticket";
        }
      }
      return undefined;
    },
    newSession() {
      const session = fresh();
      sessions.add(digest(session));
      bounded(sessions, MAX_SESSIONS);
      return session;
    },
  };
}
