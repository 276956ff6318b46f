import { describe } from "vitest";
import type { SpecContext } from "../support/spec-context.js";
import { a11ySpecs } from "./a11y-specs.js";
import { demoSpecs } from "./demo-specs.js";
import { lockSpecs } from "./lock-specs.js";
import { networkSpecs } from "./network-specs.js";
import { problemsSpecs } from "./problems-specs.js";
import { secretSpecs } from "./secret-specs.js";
import { settingsSpecs } from "./settings-specs.js";
import { statusSpecs } from "./status-specs.js";
import { themeKeyboardSpecs } from "./theme-keyboard-specs.js";

/** Every shell spec, in the order they run: the lock spec creates the wallet the others unlock. */
export function shellSpecs(ctx: SpecContext): void {
  describe("app and node status", () => statusSpecs(ctx));
  describe("first-run demo accounts", () => demoSpecs(ctx));
  describe("lock screen", () => lockSpecs(ctx));
  describe("networks", () => networkSpecs(ctx));
  describe("secrets", () => secretSpecs(ctx));
  describe("theme and keyboard", () => themeKeyboardSpecs(ctx));
  describe("settings", () => settingsSpecs(ctx));
  describe("accessibility", () => a11ySpecs(ctx));
  describe("stored-file problems", () => problemsSpecs(ctx));
}
