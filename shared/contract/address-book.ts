import { z } from "zod";
import { Bech32Address, NoArgs } from "../primitives.js";
import { method } from "./method.js";

export const AddressBookEntry = z.object({ label: z.string().min(1).max(64), address: Bech32Address });
export type AddressBookEntry = z.infer<typeof AddressBookEntry>;
const Entries = z.object({ entries: z.array(AddressBookEntry) });

/** `addressBook.*`: saved recipients, kept in main and written atomically. */
export const addressBookMethods = {
  list: method(NoArgs, Entries),
  /** Adds or renames (by address); refuses a label another address has (`shared/wallet/address-book-label.ts`). */
  save: method(z.strictObject({ label: z.string().trim().min(1).max(64), address: Bech32Address }), Entries),
  remove: method(z.strictObject({ address: Bech32Address }), Entries),
};
