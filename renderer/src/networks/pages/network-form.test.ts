import { describe, expect, it } from "vitest";
import { NetworkInput, type Network, networkMethods } from "../../../../shared/contract/network.js";
import type { ResultOf } from "../../../../shared/contract/index.js";
import { coinTypeToConfirm, EMPTY_FORM, formFromFacts, formFromNetwork, needsNodeCheck, networkFormProblems, networkFromForm, networkPatchFromForm, type NetworkFormValues, separateFeeToken, tokenProblem } from "./network-form.js";

const devnet: Network = {
  id: "devnet", name: "Local devnet", chainId: "cometdesk-devnet", accessUrl: "http://127.0.0.1:26650", rpcUrls: ["http://127.0.0.1:26657"],
  bech32Prefix: "cosmos", denoms: [{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }],
  defaultDenom: "ucomet", rpcVia: "access", source: "devnet",
};

describe("network form", () => {
  it("round-trips a network, keeping the denoms it does not edit", () => {
    const input = networkFromForm(formFromNetwork(devnet), devnet);
    expect(NetworkInput.parse(input)).toEqual({ ...devnet, id: undefined, source: undefined, ...input });
    expect(input.denoms.map((d) => d.base)).toEqual(["ucomet", "ustake"]);
  });

  it("keeps the registry's three gas price levels unless the user types another price", () => {
    const seeded: Network = { ...devnet, gasPrices: { denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" } };
    expect(networkFromForm(formFromNetwork(seeded), seeded).gasPrices).toEqual(seeded.gasPrices);
    expect(networkFromForm({ ...formFromNetwork(seeded), gasPrice: "0.02" }, seeded).gasPrices).toEqual({ denom: "ucomet", low: "0.02", average: "0.02", high: "0.02" });
    expect(networkFromForm({ ...formFromNetwork(seeded), gasPrice: "" }, seeded).gasPrices).toBeUndefined();
  });

  it("turns typed text into the contract's shape", () => {
    const input = networkFromForm({ ...EMPTY_FORM, name: " Test ", chainId: "test-1", rpcUrls: "http://a:1, http://b:2\n", denomBase: "uatom", denomDisplay: "", rpcVia: "direct" });
    expect(input).toMatchObject({ name: "Test", accessUrl: null, rpcUrls: ["http://a:1", "http://b:2"], denoms: [{ base: "uatom", display: "uatom", exponent: 6 }], defaultDenom: "uatom" });
    expect(NetworkInput.safeParse(input).success).toBe(true);
  });
});

describe("the network form's keys", () => {
  it("round-trips a network's coin type, key algorithm, type URL and path, and empties go back to 118", () => {
    const inj: Network = { ...devnet, coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey", hdPath: "m/44'/60'/0'/0/{index}" };
    expect(networkFromForm(formFromNetwork(inj), inj)).toMatchObject({ coinType: 60, keyAlgo: "ethsecp256k1", pubKeyTypeUrl: inj.pubKeyTypeUrl, hdPath: inj.hdPath });
    const emptied = networkPatchFromForm({ ...formFromNetwork(inj), coinType: "", keyAlgo: "secp256k1", hdPath: "" }, inj);
    expect(emptied).toMatchObject({ coinType: 118, keyAlgo: "secp256k1", hdPath: null });
    expect(emptied).not.toHaveProperty("pubKeyTypeUrl");
    expect(networkMethods.update.args.safeParse({ id: "devnet", patch: emptied }).success).toBe(true);
    // A network saved before key facts stays without them.
    expect(networkFromForm(formFromNetwork(devnet), devnet)).not.toHaveProperty("coinType");
  });
});

describe("the network form's own checks", () => {
  const good: NetworkFormValues = { ...EMPTY_FORM, name: "Test", chainId: "test-1", rpcUrls: "http://127.0.0.1:26657", denomBase: "uatom" };
  /** What main decides: the contract's schema, then the store's rules across fields (network-store.ts). */
  const mainTakes = (v: NetworkFormValues) => {
    const input = networkFromForm(v);
    const parsed = NetworkInput.safeParse(input);
    if (!parsed.success) return false;
    const n = parsed.data;
    return n.denoms.some((d) => d.base === n.defaultDenom) && !(n.rpcVia === "access" && !n.accessUrl) && !(n.rpcVia === "direct" && n.rpcUrls.length === 0);
  };

  it("finds a problem exactly where main would refuse the network", () => {
    const variants: Array<Partial<NetworkFormValues>> = [
      { requestsPerSecond: "0.5" }, { requestsPerSecond: "0.4" }, { requestsPerSecond: "1000" }, { requestsPerSecond: "1001" }, { requestsPerSecond: "1e3" }, { requestsPerSecond: "" },
      { maxWaitSeconds: "0" }, { maxWaitSeconds: "120" }, { maxWaitSeconds: "121" }, { maxWaitSeconds: "2.5" }, { maxWaitSeconds: "-1" },
      {}, { name: "" }, { name: "  " }, { name: "x".repeat(80) }, { name: "x".repeat(81) },
      { chainId: "" }, { chainId: "c".repeat(50) }, { chainId: "c".repeat(51) }, { chainId: "c".repeat(64) }, { chainId: `${"é".repeat(25)}c` },
      { accessUrl: "https://access.example.org" }, { accessUrl: "ftp://x" }, { accessUrl: "not a url" }, { accessUrl: "http://" }, { accessUrl: "HTTP://EXAMPLE.ORG" }, { accessUrl: "http:example.org" }, { rpcUrls: "https:/rpc.example.org" },
      { rpcVia: "access" }, { rpcVia: "access", accessUrl: "http://127.0.0.1:26650", rpcUrls: "" }, { rpcUrls: "" },
      { rpcUrls: "http://a:1\nnot a url" }, { rpcUrls: "http://a:1, https://b:2" }, { rpcUrls: "javascript:alert(1)" }, { rpcUrls: "http://a b" }, { rpcUrls: "file:///etc/passwd" },
      { rpcUrls: Array.from({ length: 17 }, (_, i) => `http://n${i}:1`).join("\n") }, { rpcUrls: `http://x/${"a".repeat(2040)}` },
      { bech32Prefix: "" }, { bech32Prefix: "Cosmos" }, { bech32Prefix: "1abc" }, { bech32Prefix: "osmo" }, { bech32Prefix: "a".repeat(31) },
      { denomBase: "" }, { denomBase: "d".repeat(129) }, { denomDisplay: "" }, { denomDisplay: "D".repeat(129) },
      { denomExponent: "" }, { denomExponent: "0" }, { denomExponent: "36" }, { denomExponent: "37" }, { denomExponent: "-1" }, { denomExponent: "6.5" }, { denomExponent: "six" }, { denomExponent: "0x10" },
      { gasPrice: "0.025" }, { gasPrice: "1" }, { gasPrice: ".5" }, { gasPrice: "0,025" }, { gasPrice: "1e-3" }, { gasPrice: "0.0000000000000000001" },
      { coinType: "330" }, { coinType: "118" }, { coinType: "60" }, { coinType: "1181" }, { coinType: "1181", confirmedCoinType: 1181 }, { coinType: "1182", confirmedCoinType: 1181 }, { coinType: "0" }, { coinType: "2147483647" }, { coinType: "2147483648" }, { coinType: "-1" }, { coinType: "3.3" }, { coinType: "0x14a" }, { coinType: "terra" },
      { keyAlgo: "ethsecp256k1" }, { keyAlgo: "ethsecp256k1", coinType: "60" },
      { hdPath: "m/44'/330'/0'/0/{index}" }, { hdPath: "m/44'/60'/{index}'/0/0" }, { hdPath: "m/44'/330'/0'/0/0" }, { hdPath: "m/44'/330'/0'/{index}/0" }, { hdPath: "m/44'/330/0'/0/{index}" }, { hdPath: "m/44'/2147483648'/0'/0/{index}" },
    ];
    for (const change of variants) {
      const v = { ...good, ...change };
      const problems = networkFormProblems(v);
      expect(Object.keys(problems).length === 0, JSON.stringify(change)).toBe(mainTakes(v));
    }
  });

  it("reads the display exponent as decimal digits only, never as hex or an exponent", () => {
    for (const denomExponent of ["0x10", "1e1", "6.0", "+6", "0b110", "٦"]) {
      expect(networkFormProblems({ ...good, denomExponent }).denomExponent, denomExponent).toBe("A whole number from 0 to 36: 6 for most Cosmos coins.");
    }
    expect(networkFromForm({ ...good, denomExponent: " 06 " }).denoms[0]!.exponent).toBe(6);
  });

  it("says at each field what to change, and quotes the addresses that are not addresses", () => {
    expect(networkFormProblems({ ...EMPTY_FORM, rpcUrls: "http://a:1\nnot a url" })).toEqual({
      name: "Give the network a name.",
      chainId: "The chain id is required, as the chain's genesis gives it: cosmoshub-4, for example.",
      rpcUrls: "Not an http:// or https:// address: “not”, “a”, “url”.",
      denomBase: "The token's base denom is required: uatom, for example.",
    });
    expect(networkFormProblems({ ...good, rpcVia: "access" })).toEqual({ accessUrl: "Explorer calls through the access service need its address." });
    expect(networkFormProblems(good)).toEqual({});
  });
});

describe("a coin type no chain in chain-registry uses", () => {
  const good: NetworkFormValues = { ...EMPTY_FORM, name: "Test", chainId: "test-1", rpcUrls: "http://127.0.0.1:26657", denomBase: "uatom" };

  it("takes 118, 60 and an empty field without asking", () => {
    for (const coinType of ["118", "60", ""]) {
      expect(coinTypeToConfirm({ ...good, coinType }), coinType).toBeUndefined();
      expect(networkFormProblems({ ...good, coinType }), coinType).toEqual({});
    }
  });

  it("refuses a typo like 1181 at the coin type, saying how to confirm it, and takes it once confirmed", () => {
    const typo = { ...good, coinType: "1181" };
    expect(coinTypeToConfirm(typo)).toBe(1181);
    expect(networkFormProblems(typo)).toEqual({
      coinType: "No chain in chain-registry uses coin type 1181 (118 for the Cosmos Hub and most chains, 60 for EVM chains, 330 for Terra): check it for a typo, since another coin type derives other addresses. If this chain does use 1181, tick “I know this chain uses coin type 1181” below it.",
    });
    expect(networkFromForm(typo)).not.toHaveProperty("coinTypeConfirmed");
    const confirmed = { ...typo, confirmedCoinType: 1181 };
    expect(networkFormProblems(confirmed)).toEqual({});
    expect(NetworkInput.parse(networkFromForm(confirmed))).toMatchObject({ coinType: 1181, coinTypeConfirmed: true });
    // The box confirms the number it named: another typed after it is asked about again.
    expect(networkFormProblems({ ...confirmed, coinType: "1182" }).coinType).toMatch(/coin type 1182/);
    expect(networkFromForm({ ...confirmed, coinType: "1182" })).not.toHaveProperty("coinTypeConfirmed");
    // Out of range is its own problem, never a question.
    expect(coinTypeToConfirm({ ...good, coinType: "2147483648" })).toBeUndefined();
  });

  it("shows a saved confirmation ticked, and asks about a coin type saved before confirmations", () => {
    const confirmed: Network = { ...devnet, coinType: 1181, coinTypeConfirmed: true };
    expect(formFromNetwork(confirmed).confirmedCoinType).toBe(1181);
    expect(networkFormProblems(formFromNetwork(confirmed), confirmed)).toEqual({});
    expect(networkMethods.update.args.safeParse({ id: "devnet", patch: networkPatchFromForm(formFromNetwork(confirmed), confirmed) }).success).toBe(true);
    const older: Network = { ...devnet, coinType: 1181 };
    expect(formFromNetwork(older).confirmedCoinType).toBeUndefined();
    expect(networkFormProblems(formFromNetwork(older), older).coinType).toMatch(/^No chain in chain-registry uses coin type 1181/);
  });
});

describe("the access token's own check", () => {
  it("finds a problem exactly where main would refuse the token", () => {
    for (const token of ["", " ", "t", "x".repeat(4096), "x".repeat(4097), `${"x".repeat(4095)}\n`]) {
      expect(tokenProblem(token) === undefined, `${token.length} characters`).toBe(networkMethods.setToken.args.safeParse({ id: "devnet", token }).success);
    }
    expect(tokenProblem("x".repeat(5000))).toBe("An access token has at most 4,096 characters; this one has 5,000. Check what was pasted.");
  });
});

describe("editing a registry network whose fee token is not its default denom", () => {
  // As chain-registry may give it: the asset list's first asset shown, fees paid in another token.
  // Its save through main's store, over both transports: electron/services/networks/network-store.test.ts.
  const registry: Network = {
    id: "osmosis", name: "Osmosis", chainId: "osmosis-1", accessUrl: null, rpcUrls: ["https://rpc.osmosis.zone"], bech32Prefix: "osmo",
    denoms: [{ base: "uosmo", display: "osmo", exponent: 6 }], defaultDenom: "uosmo",
    gasPrices: { denom: "uion", low: "0.0025", average: "0.005", high: "0.01" }, rpcVia: "direct", source: "registry",
  };
  it("shows its price, says which token it is in, and a new price stays in that token", () => {
    expect(formFromNetwork(registry).gasPrice).toBe("0.005");
    expect(separateFeeToken(registry)).toBe("uion");
    expect(separateFeeToken({ ...registry, gasPrices: { ...registry.gasPrices!, denom: "uosmo" } })).toBeUndefined();
    expect(networkFromForm({ ...formFromNetwork(registry), gasPrice: "0.02" }, registry).gasPrices).toEqual({ denom: "uion", low: "0.02", average: "0.02", high: "0.02" });
    expect(networkFromForm({ ...formFromNetwork(registry), gasPrice: "" }, registry).gasPrices).toBeUndefined();
  });
});

describe("the form filled from a chain's facts", () => {
  const read = <T>(value: T) => ({ read: true as const, value, source: "the node" });
  const unread = (reason: string) => ({ read: false as const, reason });
  // The devnet's answer (electron/services/networks/describe.integration.test.ts reads it for real).
  const facts: ResultOf<"network.describe"> = {
    rpcUrl: "http://127.0.0.1:26657", chainId: read("cometdesk-devnet"), name: unread("cometdesk-devnet is not in chain-registry"), bech32Prefix: read("cosmos"),
    bondDenom: read("ustake"), minGasPrices: read([{ denom: "ucomet", amount: "0.0025" }]), feeDenoms: read(["ucomet"]),
    denoms: read([{ base: "ucomet", display: "COMET", exponent: 6 }, { base: "ustake", display: "STAKE", exponent: 6 }]),
    gasPrices: read({ denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" }), modules: [],
    coinType: unread("not in chain-registry"), keyAlgo: unread("not in chain-registry"), pubKeyTypeUrl: unread("not in chain-registry"), explorers: unread("not in chain-registry"), rpcUrls: unread("not in chain-registry"),
  };

  it("fills every field it could read, keeps the node URL typed, and saves the chain's denoms and price tiers", () => {
    const { values, unread: missing } = formFromFacts(facts, { ...EMPTY_FORM, rpcUrls: "http://127.0.0.1:26657" });
    expect(missing).toEqual([{ field: "Name", reason: "cometdesk-devnet is not in chain-registry: named after its chain id" }]);
    expect(values).toMatchObject({ name: "cometdesk-devnet", chainId: "cometdesk-devnet", bech32Prefix: "cosmos", denomBase: "ucomet", denomDisplay: "COMET", denomExponent: "6", gasPrice: "0.005", bondDenom: "ustake", rpcUrls: "http://127.0.0.1:26657" });
    const input = networkFromForm(values);
    expect(NetworkInput.parse(input)).toMatchObject({ defaultDenom: "ucomet", bondDenom: "ustake", denoms: facts.denoms.read ? facts.denoms.value : [], gasPrices: { denom: "ucomet", low: "0.0025", average: "0.005", high: "0.01" } });
    // A price the user types instead is their one price.
    expect(networkFromForm({ ...values, gasPrice: "0.02" }).gasPrices).toEqual({ denom: "ucomet", low: "0.02", average: "0.02", high: "0.02" });
  });

  it("says which fields it could not fill, and why, leaving what was typed there", () => {
    const bare = { ...facts, bech32Prefix: unread("the node refused /cosmos.auth.v1beta1.Query/Bech32Prefix"), denoms: unread("no metadata"), gasPrices: unread("no price"), bondDenom: unread("no staking") };
    const { values, unread: missing } = formFromFacts(bare, { ...EMPTY_FORM, name: "Mine", bech32Prefix: "cosmos", rpcUrls: "http://n:1" });
    expect(missing.map((m) => m.field)).toEqual(["Address prefix", "Display unit and exponent", "Gas price", "Staking denom"]);
    expect(values).toMatchObject({ name: "Mine", bech32Prefix: "cosmos", denomBase: "ucomet", denomDisplay: "", gasPrice: "", bondDenom: "" });
  });

  it("takes an ethsecp256k1 chain's public key type from chain-registry, lets the user change it, and checks it", () => {
    const injective = { ...facts, coinType: read(60), keyAlgo: read("ethsecp256k1"), pubKeyTypeUrl: read("/injective.crypto.v1beta1.ethsecp256k1.PubKey") };
    const { values } = formFromFacts(injective, { ...EMPTY_FORM, rpcUrls: "http://127.0.0.1:26657" });
    expect(values).toMatchObject({ coinType: "60", keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey" });
    expect(NetworkInput.parse(networkFromForm(values))).toMatchObject({ keyAlgo: "ethsecp256k1", pubKeyTypeUrl: "/injective.crypto.v1beta1.ethsecp256k1.PubKey" });
    const typedUrl = { ...values, pubKeyTypeUrl: " /initia.crypto.v1beta1.ethsecp256k1.PubKey " };
    expect(networkFromForm(typedUrl).pubKeyTypeUrl).toBe("/initia.crypto.v1beta1.ethsecp256k1.PubKey");
    // secp256k1 keys carry no such type, whatever the field held.
    expect(networkFromForm({ ...values, keyAlgo: "secp256k1" }).pubKeyTypeUrl).toBeUndefined();
    const bad = { ...values, name: "Inj", pubKeyTypeUrl: "injective PubKey" };
    expect(networkFormProblems(bad).pubKeyTypeUrl).toMatch(/type URL like/);
    expect(() => NetworkInput.parse(networkFromForm(bad))).toThrow();
    expect(networkFormProblems({ ...values, name: "Inj" }).pubKeyTypeUrl).toBeUndefined();
  });

  it("asks the nodes before saving a new network, or one whose chain id, prefix or nodes changed", () => {
    const input = networkFromForm(formFromNetwork(devnet), devnet);
    expect(needsNodeCheck(input, undefined)).toBe(true);
    expect(needsNodeCheck({ ...input, name: "Renamed" }, devnet)).toBe(false);
    expect(needsNodeCheck({ ...input, chainId: "other-1" }, devnet)).toBe(true);
    expect(needsNodeCheck({ ...input, bech32Prefix: "osmo" }, devnet)).toBe(true);
    expect(needsNodeCheck({ ...input, rpcUrls: ["http://127.0.0.1:26658"] }, devnet)).toBe(true);
    expect(needsNodeCheck({ ...input, rpcUrls: [] }, undefined)).toBe(false);
  });
});

describe("the network form's request budget", () => {
  it("shows the defaults, saves none while they stand, and saves what the user set", () => {
    expect(formFromNetwork(devnet)).toMatchObject({ requestsPerSecond: "8", maxWaitSeconds: "10" });
    expect(networkFromForm(formFromNetwork(devnet), devnet)).not.toHaveProperty("requestBudget");
    const slow = networkFromForm({ ...formFromNetwork(devnet), requestsPerSecond: "2.5", maxWaitSeconds: "30" }, devnet);
    expect(slow.requestBudget).toEqual({ requestsPerSecond: 2.5, maxWaitSeconds: 30 });
    const saved: Network = { ...devnet, requestBudget: { requestsPerSecond: 2.5, maxWaitSeconds: 30 } };
    expect(formFromNetwork(saved)).toMatchObject({ requestsPerSecond: "2.5", maxWaitSeconds: "30" });
    // Back to the defaults on a network that had its own: said, so the patch replaces the old one.
    expect(networkPatchFromForm(formFromNetwork(devnet), saved).requestBudget).toEqual({ requestsPerSecond: 8, maxWaitSeconds: 10 });
  });

  it("refuses a rate or a wait out of range at its field, in words", () => {
    const v = { ...formFromNetwork(devnet), requestsPerSecond: "0.1", maxWaitSeconds: "300" };
    expect(networkFormProblems(v, devnet)).toEqual({ requestsPerSecond: expect.stringMatching(/^A number from 0\.5 to 1000/), maxWaitSeconds: expect.stringMatching(/^A whole number of seconds from 0 to 120/) });
  });
});
