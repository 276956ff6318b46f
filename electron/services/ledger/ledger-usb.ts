import { createRequire } from "node:module";
import { ERROR_CODES } from "../../../shared/error-codes.js";
import { AppError } from "../app-error.js";
import type { LedgerTransport } from "./ledger-device.js";

interface NodeHidModule {
  readonly default: { open(path: string): Promise<LedgerTransport> };
}

/**
 * Opens the first Ledger on USB through `@ledgerhq/hw-transport-node-hid`, loaded on first use: its
 * native `node-hid` module is built for the Electron it ships with (electron-builder rebuilds it),
 * and where it is missing (a build without it, a machine without libusb/libudev) the wallet says
 * so instead of failing at start. Loaded with `require`: its ESM build does not resolve in Node.
 */
export async function openUsbLedger(): Promise<LedgerTransport> {
  let hid: NodeHidModule;
  try {
    hid = createRequire(import.meta.url)("@ledgerhq/hw-transport-node-hid") as NodeHidModule;
  } catch (error) {
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new AppError(ERROR_CODES.ledgerUnavailable, `This build cannot reach USB devices, so it cannot use a Ledger (the USB module did not load: ${why})`);
  }
  try {
    return await hid.default.open("");
  } catch (error) {
    const id = typeof error === "object" && error !== null && "id" in error ? error.id : undefined;
    if (id === "NoDevice" || id === "NoDeviceFound") throw new AppError(ERROR_CODES.ledgerNotFound, "No Ledger found: plug it in, unlock it and open the network's app");
    const why = error instanceof Error ? error.message : String(error);
    // On Linux a device the user may not open (no udev rule) fails here.
    throw new AppError(ERROR_CODES.ledgerNotFound, `The Ledger could not be opened (${why}): close Ledger Live or any other wallet using it; on Linux, install Ledger's udev rules (docs/ledger.md)`);
  }
}
