// @ts-check
/**
 * Electronegativity's command line, run offline. Its CLI first fetches updated translations
 * from the network with got 11; offline, got's retry fires after the request has already
 * failed and throws out of a timer (got issue 1489), which on current Node kills the whole scan
 * before it reads a file. This entry registers the English texts that ship inside the package,
 * exactly as that fetch's fallback does, so the fetch never starts, then runs the unchanged CLI
 * with the given arguments.
 *
 *   node scripts/lint-security/electronegativity-offline.mjs -i <dir> -o <file.sarif> …
 */
import Module, { createRequire } from "node:module";
import { dirname } from "node:path";

const load = createRequire(import.meta.url);
const cli = load.resolve("@doyensec/electronegativity/dist/index.js");
const fromPackage = createRequire(cli);
const translations = fromPackage.resolve("./locales/i18n.js");
const i18n = fromPackage("i18n");

/** The package's own i18n setup, minus the network: its bundled locales, in English. */
function offlineTranslations() {
  i18n.configure({
    locales: ["en-US", "es-ES", "fr-FR"],
    defaultLocale: "en-US",
    directory: dirname(translations),
    updateFiles: false,
    objectNotation: true,
    retryInDefaultLocale: true,
    register: globalThis,
  });
  i18n.setLocale("en-US");
  return Promise.resolve();
}

const cached = new Module(translations);
cached.filename = translations;
cached.loaded = true;
cached.exports = offlineTranslations;
load.cache[translations] = cached;

process.argv = [process.argv[0] ?? process.execPath, cli, ...process.argv.slice(2)];
load(cli);
