import { createGovAminoConverters } from "@cosmjs/stargate";

/** Amino converters of the gov module's messages (CosmJS `modules/gov/aminomessages`). */
export const govAminoConverters = createGovAminoConverters();
