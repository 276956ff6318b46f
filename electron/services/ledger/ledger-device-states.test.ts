import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { AppError } from "../app-error.js";
import { createLedgerDevice, type LedgerProgress, type LedgerTransport } from "./ledger-device.js";
import { loadTranscripts, replay, NO_TRANSCRIPTS, TRANSCRIPTS_DIR } from "./test/transcripts.js";

// The device's states the recordings do not hold (locked, another app, an old app, unplugged),
// each made from transcript 01 by changing one recorded answer, as the device gives it in that
// state: the libraries parse it as they would the device's, and the app words what they throw.
const t01 = loadTranscripts().get("01-msg-send")!;
const network = { coinType: 394, prefix: "cro" };
const APP_INFO = "<= 010643727970746f06322e31362e3001009000"; // getAppInfo: "Crypto" 2.16.0
const VERSION = "<= 0002100000311000049000"; // GET_VERSION: test mode off, 2.16.0, unlocked

/** An appInfo answer naming another app. */
function appInfo(name: string, version = "1.0.0"): string {
  const bytes = (s: string) => Buffer.from(s, "ascii");
  return `<= ${Buffer.concat([Buffer.from([1, name.length]), bytes(name), Buffer.from([version.length]), bytes(version), Buffer.from([1, 0])]).toString("hex")}9000`;
}

/** Transcript 01 with its first `answer` line replaced (the first exchange that would show the state). */
function edited(from: string, to: string): string {
  expect(t01.apdus).toContain(from);
  return t01.apdus.replace(from, to);
}

/** Transcript 01 cut after its first `keep` exchanges: the device answers nothing more. */
function cut(keep: number): string {
  return t01.apdus.split("\n").slice(0, keep * 2).join("\n") + "\n";
}

async function deviceOn(apdus: string, wrap?: (t: LedgerTransport) => void) {
  const { transport } = await replay(apdus);
  wrap?.(transport);
  let opened = 0;
  const progress: LedgerProgress[] = [];
  const device = createLedgerDevice({ openTransport: async () => (opened++, transport), onProgress: (p) => progress.push(p) });
  return { device, progress, opens: () => opened };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const sign = (device: ReturnType<typeof createLedgerDevice>) => device.signAmino(network, [0], t01.address, t01.signDoc!.object);

describe.skipIf(!TRANSCRIPTS_DIR)(TRANSCRIPTS_DIR ? "the Ledger's states, worded" : `the Ledger's states: ${NO_TRANSCRIPTS}`, () => {
  it("a locked device (status 0x5515) asks for the PIN", async () => {
    const { device } = await deviceOn(edited(APP_INFO, "<= 5515"));
    const error = await refusal(sign(device));
    expect(error.code).toBe("ledger_locked");
    expect(error.message).toMatch(/locked: enter its PIN, open the Crypto app/);
  });

  it("a locked device on older firmware (status 0x6982) asks for the PIN", async () => {
    const { device } = await deviceOn(edited(APP_INFO, "<= 6982"));
    expect((await refusal(sign(device))).code).toBe("ledger_locked");
  });

  it("another app open names it and the app to open (the name is checked: Crypto for coin type 394)", async () => {
    const { device } = await deviceOn(edited(APP_INFO, appInfo("Cosmos", "2.35.0")));
    const error = await refusal(sign(device));
    expect(error.code).toBe("ledger_wrong_app");
    expect(error.message).toBe("The Cosmos app is open on the Ledger: close it and open the Crypto app");
  });

  it("the dashboard (BOLOS) asks to open the app", async () => {
    const { device } = await deviceOn(edited(APP_INFO, appInfo("BOLOS")));
    const error = await refusal(sign(device));
    expect(error.code).toBe("ledger_app_not_open");
    expect(error.message).toMatch(/open the Crypto app/);
  });

  it("an app too old asks for an update", async () => {
    const { device } = await deviceOn(edited(VERSION, "<= 0001020300311000049000"));
    const error = await refusal(sign(device));
    expect(error.code).toBe("ledger_app_too_old");
    expect(error.message).toMatch(/too old: update it to 1\.5\.3 or later/);
  });

  it("an app in test mode is not signed with", async () => {
    const { device } = await deviceOn(edited(VERSION, "<= 0102100000311000049000"));
    expect((await refusal(sign(device))).code).toBe("ledger_test_mode");
  });

  it("unplugged mid-signing: nothing signed, said in words, and the next operation opens the device again", async () => {
    const { DisconnectedDeviceDuringOperation } = createRequire(import.meta.url)("@ledgerhq/errors") as { DisconnectedDeviceDuringOperation: new (message?: string) => Error };
    // The exchange the USB link drops on: the second chunk of the sign doc.
    const { device, opens } = await deviceOn(t01.apdus, (transport) => {
      const exchange = transport.exchange.bind(transport);
      transport.exchange = async (apdu: Buffer) => {
        if (apdu.subarray(0, 3).toString("hex") === "550201") throw new DisconnectedDeviceDuringOperation("Cannot write to hid device");
        return exchange(apdu);
      };
    });
    const error = await refusal(sign(device));
    expect(error.code).toBe("ledger_disconnected");
    expect(error.message).toMatch(/disconnected before it signed: nothing was signed or sent/);
    await refusal(device.accounts(network, [0]));
    expect(opens()).toBe(2);
  });

  it("a device that stops answering mid-flow is not taken for a signature", async () => {
    const { device } = await deviceOn(cut(7));
    expect((await refusal(sign(device))).code).toMatch(/^ledger_/);
  });

  it("a device holding another key than the account's is refused before anything is signed", async () => {
    const { device, progress } = await deviceOn(t01.apdus);
    const error = await refusal(device.signAmino(network, [0], "cro1jfcgheg7kmzrhgfv7vmt4azprr3sdfqcg4jqyx", t01.signDoc!.object));
    expect(error.code).toBe("ledger_wrong_key");
    expect(progress.filter((p) => p.stage === "confirm")).toEqual([]);
  });

  it("a coin type no Ledger app is known for is refused without opening the device", async () => {
    const { device, opens } = await deviceOn(t01.apdus);
    const error = await refusal(device.accounts({ coinType: 60, prefix: "evmos" }, [0]));
    expect(error.message).toMatch(/No Ledger app is known to sign for coin type 60/);
    expect(opens()).toBe(0);
  });

  it("operations run one at a time on the one transport, opened once", async () => {
    const { transport } = await replay(t01.apdus);
    let opened = 0;
    const device = createLedgerDevice({ openTransport: async () => (opened++, transport) });
    const [accounts, signed] = await Promise.all([device.accounts(network, [0]), device.signAmino(network, [0], t01.address, t01.signDoc!.object).catch((e: unknown) => e)]);
    expect(accounts[0]!.address).toBe(t01.address);
    // The recording holds one flow: the second operation finds the device's answers used up (strict replay), it does not interleave with the first.
    expect(signed).toBeInstanceOf(AppError);
    expect(opened).toBe(1);
  });
});
