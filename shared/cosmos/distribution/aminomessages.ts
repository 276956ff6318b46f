import { createDistributionAminoConverters } from "@cosmjs/stargate";

/** Amino converters of the distribution module's messages (CosmJS `modules/distribution/aminomessages`). */
export const distributionAminoConverters = createDistributionAminoConverters();
