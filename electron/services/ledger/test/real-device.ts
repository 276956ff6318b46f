/**
 * Whether a real Ledger is plugged in for the device test: COMETDESK_LEDGER_DEVICE=1, the Ledger
 * unlocked with the Cosmos app (coin type 118) open. Off by default: CI has no device.
 */
export const REAL_LEDGER = process.env.COMETDESK_LEDGER_DEVICE === "1";
