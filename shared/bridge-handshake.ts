/**
 * The bridge's subprotocol names, apart from its frames' schemas (bridge-protocol.ts) so the
 * renderer's entry can open the connection before the chunk holding zod has arrived.
 */
export const BRIDGE_PROTOCOL = "cometdesk-bridge.v1";

/**
 * How a client proves it may connect, offered as a second WebSocket subprotocol (the
 * Sec-WebSocket-Protocol header), never in a URL, where it would stay in a browser's history
 * and reach anything that logs addresses:
 * - `cometdesk.secret.<hex>`: the bridge's long-lived secret (harnesses in Node), or a session
 *   secret the bridge gave a browser tab;
 * - `cometdesk.ticket.<hex>`: a one-time ticket from the page's link, good for one connection
 *   within minutes; the bridge answers it with a session secret and forgets it.
 */
export const SECRET_PROTOCOL_PREFIX = "cometdesk.secret.";
export const TICKET_PROTOCOL_PREFIX = "cometdesk.ticket.";

/** A client's credential: a secret (the bridge's, or a tab's session secret) or a one-time ticket. */
export type BridgeCredentialOffer = { readonly secret: string } | { readonly ticket: string };

/** The subprotocols a client offers: the protocol's name, then its proof. */
export function bridgeSubprotocols(credential: BridgeCredentialOffer): [string, string] {
  return [BRIDGE_PROTOCOL, "ticket" in credential ? `${TICKET_PROTOCOL_PREFIX}${credential.ticket}` : `${SECRET_PROTOCOL_PREFIX}${credential.secret}`];
}
