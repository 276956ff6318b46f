import { createBankAminoConverters } from "@cosmjs/stargate";

/** Amino converters of the bank module's messages (CosmJS `modules/bank/aminomessages`). */
export const bankAminoConverters = createBankAminoConverters();
