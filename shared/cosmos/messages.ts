import type { JsonValue } from "../primitives.js";
import { bankMessages } from "./bank/messages.js";
import { distributionMessages } from "./distribution/messages.js";
import { govMessages } from "./gov/messages.js";
import { ibcTransferMessages } from "./ibc-transfer/messages.js";
import { stakingMessages } from "./staking/messages.js";

interface Codec {
  decode(bytes: Uint8Array): unknown;
  toJSON(message: never): unknown;
}

/** Every message type a module folder knows, by type URL: the explorer decodes these into fields. */
export const MESSAGE_CODECS = { ...bankMessages, ...stakingMessages, ...distributionMessages, ...govMessages, ...ibcTransferMessages };

const CODECS: Readonly<Record<string, Codec>> = MESSAGE_CODECS;

/** The message's fields as JSON, or undefined when its type is unknown or its bytes do not parse. */
export function decodeMessage(typeUrl: string, value: Uint8Array): JsonValue | undefined {
  const codec = CODECS[typeUrl];
  if (!codec) return undefined;
  try {
    return codec.toJSON(codec.decode(value) as never) as JsonValue;
  } catch {
    return undefined;
  }
}
