import { createStakingAminoConverters } from "@cosmjs/stargate";

/** Amino converters of the staking module's messages (CosmJS `modules/staking/aminomessages`). */
export const stakingAminoConverters = createStakingAminoConverters();
