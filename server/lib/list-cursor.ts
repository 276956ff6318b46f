import { z } from "zod";
import { ApiError } from "./errors.js";

const CursorSchema = z.tuple([z.string(), z.string()]);

/** The opaque `nextCursor` of a page whose last item is (`sortKey`, `txHash`); every store hands out the same form. */
export function encodeCursor(sortKey: string, txHash: string): string {
  return Buffer.from(JSON.stringify([sortKey, txHash])).toString("base64url");
}

/** The (sortKey, txHash) a cursor names; a cursor this service did not hand out is a 400. */
export function decodeCursor(cursor: string): [string, string] {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
  } catch {
    throw new ApiError(400, "invalid_request", "cursor is not one this service handed out", [{ path: "cursor", message: "unreadable cursor" }]);
  }
}
