/**
 * Whether an abci_query refusal means the node does not know the path at all (the SDK's
 * ErrUnknownRequest "unknown query path", code 6 in codespace sdk; gRPC's "unimplemented"), rather
 * than a refusal of this request (a proposal not found, a vote not cast).
 */
export function unknownQueryPath(answer: { readonly code: number; readonly codespace?: string; readonly log: string }): boolean {
  if (answer.code === 0) return false;
  return /unknown query path|unimplemented|unknown service|unknown method/i.test(answer.log);
}
