import { describe, expect, inject, it } from "vitest";
import { accessPidFile, accessPort } from "../devnet/lib/access.js";
import { layoutFromEnv } from "../devnet/lib/layout.js";
import { runningPid } from "../devnet/lib/processes.js";
import { TEST_DEVNET_ENV } from "../devnet/test/global-setup.js";
import { call } from "./test/access-client.js";

/** `npm run devnet -- up` starts the access service and records it in devnet.json. */
const info = inject("devnet");
const layout = layoutFromEnv({ ...process.env, ...TEST_DEVNET_ENV });

describe("the devnet's access service", () => {
  it("is recorded in devnet.json at 26650 + the port offset, with a working dev token", async () => {
    expect(info.access).toBeDefined();
    const { url, token } = info.access!;
    expect(url).toBe(`http://127.0.0.1:${accessPort(layout)}`);
    expect(token).toMatch(/^cdt_/);
    expect(runningPid(accessPidFile(layout))).toBeGreaterThan(0);
    expect((await call(url, undefined, "GET", "/health")).status).toBe(200);
    const about = await call(url, token, "GET", "/info");
    expect(about).toMatchObject({ status: 200, body: { chainId: info.chainId, holdWindowMs: 5000 } });
    expect((await call(url, "cdt_not-the-token", "GET", "/info")).status).toBe(401);
  });
});
