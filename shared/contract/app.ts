import { z } from "zod";
import { NoArgs } from "../primitives.js";
import { method } from "./method.js";

/** `app.*`: the process itself. `ping` is a no-op used to measure the transport alone. */
export const appMethods = {
  ping: method(NoArgs, z.object({ pong: z.literal(true) })),
  info: method(NoArgs, z.object({ version: z.string(), bridge: z.boolean() })),
  /** Stored files that could not be read and were kept aside instead of being reset. */
  problems: method(NoArgs, z.object({ problems: z.array(z.object({ file: z.string(), keptAs: z.string(), reason: z.string() })) })),
};
