import { join } from "node:path";
import { z } from "zod";
import { AddressBookEntry } from "../../../shared/contract/address-book.js";
import { labelProblem } from "../../../shared/wallet/address-book-label.js";
import { ConflictError } from "../app-error.js";
import type { NamespaceHandlers } from "../dispatcher.js";
import { readJsonFile, writeFileAtomic } from "../storage/atomic-file.js";
import type { ProblemLog } from "../storage/problems.js";

const BookFile = z.object({ version: z.literal(1), entries: z.array(AddressBookEntry).max(10_000) });

/** Saved recipients in `address-book.json`, each change written atomically (temp file, fsync, rename). */
export function openAddressBook(dataDir: string, problems: ProblemLog) {
  const path = join(dataDir, "address-book.json");
  const read = readJsonFile(path, BookFile);
  if (read.status === "corrupt") problems.add({ file: "address-book.json", keptAs: read.keptAs, reason: read.reason });
  let entries = read.status === "ok" ? read.value.entries : [];
  const commit = (next: typeof entries) => {
    writeFileAtomic(path, JSON.stringify({ version: 1, entries: next }, null, 2));
    entries = next; // only after the write: a failed write leaves memory and disk agreeing
    return { entries: [...entries] };
  };
  return {
    list: () => ({ entries: [...entries] }),
    save: (label: string, address: string) => {
      // The renderer checks this too, but main takes nothing it is sent on trust.
      const taken = labelProblem(entries, label, address);
      if (taken) throw new ConflictError(taken);
      const rest = entries.filter((e) => e.address !== address);
      return commit([...rest, { label, address }].sort((a, b) => a.label.localeCompare(b.label)));
    },
    remove: (address: string) => commit(entries.filter((e) => e.address !== address)),
  };
}
export type AddressBook = ReturnType<typeof openAddressBook>;

/** Registers `addressBook.*`. */
export function registerAddressBookHandlers(book: AddressBook): NamespaceHandlers<"addressBook"> {
  return { list: () => book.list(), save: (a) => book.save(a.label, a.address), remove: (a) => book.remove(a.address) };
}
