import { Registry } from "@cosmjs/proto-signing";
import { AminoTypes } from "@cosmjs/stargate";
import { bankAminoConverters } from "./bank/aminomessages.js";
import { distributionAminoConverters } from "./distribution/aminomessages.js";
import { govAminoConverters } from "./gov/aminomessages.js";
import { MESSAGE_CODECS } from "./messages.js";
import { slashingAminoConverters } from "./slashing/aminomessages.js";
import { stakingAminoConverters } from "./staking/aminomessages.js";

/**
 * The messages this app can put in a transaction: protobuf types by type URL (CosmJS `Registry`)
 * and their amino JSON forms (CosmJS `AminoTypes`), gathered from the module folders. Main and
 * the access service only: CosmJS's stargate package is too heavy for the renderer.
 */
export const cosmosRegistry = new Registry(Object.entries(MESSAGE_CODECS));
export const cosmosAminoTypes = new AminoTypes({ ...bankAminoConverters, ...stakingAminoConverters, ...distributionAminoConverters, ...govAminoConverters, ...slashingAminoConverters });
