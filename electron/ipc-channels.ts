/**
 * Channel names shared by the preload and main's IPC adapter. A call travels on the channel
 * named after its contract method ("chain.block"); an event on "event:<name>". The renderer
 * never sees these: it only gets the named functions of window.cometdesk.
 */
export const callChannel = (method: string): string => method;
export const eventChannel = (event: string): string => `event:${event}`;
