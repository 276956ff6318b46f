import { bankMessages } from "./bank/messages.js";
import { distributionMessages } from "./distribution/messages.js";
import { govMessages } from "./gov/messages.js";
import { ibcTransferMessages } from "./ibc-transfer/messages.js";
import { slashingMessages } from "./slashing/messages.js";
import { stakingMessages } from "./staking/messages.js";

/**
 * Every message type a module folder knows, by type URL: the signing registry's codecs. The
 * explorer's decoder loads the same module files one by one (message-loaders.ts).
 */
export const MESSAGE_CODECS = { ...bankMessages, ...stakingMessages, ...distributionMessages, ...govMessages, ...slashingMessages, ...ibcTransferMessages };
