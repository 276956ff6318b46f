import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createProblemLog } from "../storage/problems.js";
import { openAddressBook, registerAddressBookHandlers } from "./address-book.js";

const BOB = "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu";
const ERIN = "cosmos1qgpqyqszqgpqyqszqgpqyqszqgpqyqszrh8mx2";

describe("the address book in main", () => {
  it("refuses a label another address has, trimmed and regardless of case, in words, and keeps the file as it was", () => {
    const dir = mkdtempSync(join(tmpdir(), "cometdesk-book-"));
    const handlers = registerAddressBookHandlers(openAddressBook(dir, createProblemLog()));
    handlers.save({ label: "Bob", address: BOB });
    const before = readFileSync(join(dir, "address-book.json"), "utf8");
    expect(() => handlers.save({ label: " bob ", address: ERIN })).toThrow(expect.objectContaining({ code: "conflict", message: `“Bob” already names ${BOB}: give this address another name.` }));
    expect(readFileSync(join(dir, "address-book.json"), "utf8")).toBe(before);
    // The same address may still change the case of its own name.
    expect(handlers.save({ label: "BOB", address: BOB })).toEqual({ entries: [{ label: "BOB", address: BOB }] });
  });
});
