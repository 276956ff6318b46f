/**
 * The shell commands the README and the guides give, read from their ```sh blocks, and what can be
 * checked of each without running it: the npm script it names, and the flags it hands to one of
 * the project's command-line tools. `scripts/doc-commands.test.ts` checks them against
 * package.json and each tool's own `--help`, and runs the cheap ones.
 */

/** One command of a ```sh block, where it is written. */
export interface DocCommand {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** What a command is, as far as the checks go. */
export type CommandShape =
  | { readonly kind: "npm"; readonly verb: string }
  | { readonly kind: "npm-script"; readonly script: string; readonly args: readonly string[] }
  | { readonly kind: "external"; readonly program: string };

/** The project's tools an npm script runs, whose `--help` lists what they accept. */
export const PROJECT_CLIS: Readonly<Record<string, string>> = {
  devnet: "devnet/cli.ts",
  server: "server/cli.ts",
  screenshots: "scripts/screenshots.ts",
};

/** Programs a guide may name that are not the project's (installed by the reader's system). */
export const EXTERNAL_PROGRAMS: ReadonlySet<string> = new Set(["sha256sum", "apt-get"]);

/** npm's own commands that a guide may give; `start` and `test` are package.json scripts as well. */
const NPM_VERBS: ReadonlySet<string> = new Set(["ci", "install"]);

/** Every command of the ```sh blocks of `markdown`: comments dropped, `a && b` and `a; b` as two. */
export function shellCommands(markdown: string, file: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let inBlock = false;
  markdown.split("\n").forEach((raw, index) => {
    const fence = /^\s*```(\S*)/.exec(raw);
    if (fence) {
      inBlock = !inBlock && fence[1] === "sh";
      return;
    }
    if (!inBlock) return;
    const code = raw.replace(/(^|\s)#.*$/, "").trim();
    for (const part of code.split(/&&|;/)) {
      const text = part.trim();
      if (text) commands.push({ file, line: index + 1, text });
    }
  });
  return commands;
}

/** Splits a command into words (no quoting is used in the guides; optional parts in [brackets] count as given). */
function words(text: string): string[] {
  return text.replace(/[[\]]/g, " ").split(/\s+/).filter((w) => w !== "" && w !== "|");
}

/** What `text` runs. Throws for a command that is neither npm nor a known outside program. */
export function commandShape(text: string): CommandShape {
  const [program, ...rest] = words(text);
  if (program === "npm") {
    const [verb, ...after] = rest.filter((w) => w !== "-s");
    if (verb === "run") {
      const [script, ...args] = after;
      if (!script) throw new Error(`\`${text}\` names no script`);
      return { kind: "npm-script", script, args: args[0] === "--" ? args.slice(1) : args };
    }
    if (verb === "start" || verb === "test") return { kind: "npm-script", script: verb, args: after[0] === "--" ? after.slice(1) : after };
    if (verb && NPM_VERBS.has(verb)) return { kind: "npm", verb };
    throw new Error(`\`${text}\`: npm ${verb ?? ""} is not a command the guides may give`);
  }
  if (program && EXTERNAL_PROGRAMS.has(program)) return { kind: "external", program };
  throw new Error(`\`${text}\` runs ${program ?? "nothing"}, which is neither npm nor a known outside program`);
}

/** The `--flags` among a command's arguments (an `--x=y` counts as `--x`). */
export function flagsOf(args: readonly string[]): string[] {
  return args.filter((a) => /^--[a-z]/.test(a)).map((a) => a.split("=")[0]!);
}

/** The words of a command that are not flags nor their values: a subcommand first (`up`, `token`). */
export function subcommandOf(args: readonly string[]): string | undefined {
  const first = args[0];
  return first !== undefined && !first.startsWith("-") ? first : undefined;
}

/** Every `--flag` a usage text names. */
export function usageFlags(usage: string): Set<string> {
  return new Set(usage.match(/--[a-z][a-z0-9-]*/g) ?? []);
}

/** What is wrong with `command` given the package's scripts and each project tool's usage text; undefined when nothing. */
export function commandProblem(command: DocCommand, scripts: Readonly<Record<string, string>>, usages: Readonly<Record<string, string>>): string | undefined {
  const at = `${command.file}:${command.line} \`${command.text}\``;
  let shape: CommandShape;
  try {
    shape = commandShape(command.text);
  } catch (error) {
    return `${at}: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (shape.kind !== "npm-script") return undefined;
  if (!(shape.script in scripts)) return `${at}: package.json has no script "${shape.script}"`;
  if (shape.args.length === 0) return undefined;
  const usage = usages[shape.script];
  if (usage === undefined) {
    // npm test takes a phase's name (scripts/test.ts); anything else needs a tool with a usage text.
    return shape.script === "test" ? undefined : `${at}: arguments given to "${shape.script}", which has no usage text to check them against`;
  }
  const unknown = flagsOf(shape.args).filter((f) => !usageFlags(usage).has(f));
  if (unknown.length > 0) return `${at}: ${unknown.join(", ")} not accepted by npm run ${shape.script} (its --help)`;
  const sub = subcommandOf(shape.args);
  if (sub !== undefined && !/^https?:/.test(sub) && !new RegExp(`(^|\\s)${sub}(\\s|$)`, "m").test(usage)) return `${at}: "${sub}" is not a command of npm run ${shape.script} (its --help)`;
  return undefined;
}
