/**
 * The shell commands the README and the guides give, and what can be checked of each without
 * running it: the npm script it names, the package `npx` runs, the file `node` or `tsx` runs, and
 * the flags it hands to one of the project's command-line tools. Two places hold commands: the
 * lines of a ```sh block, and the code spans of the prose that `isCommandSpan` takes for a
 * command. `scripts/doc-commands.test.ts` checks them against package.json, node_modules/.bin,
 * the files of the repository and each tool's own `--help`, and runs the cheap ones.
 */

/** One command a guide gives, where it is written: a line of a ```sh block, or a code span of the prose. */
export interface DocCommand {
  readonly file: string;
  readonly line: number;
  readonly text: string;
  /** Written as a code span in the prose, not in a ```sh block. */
  readonly inline?: boolean;
}

/** What a command is, as far as the checks go. */
export type CommandShape =
  | { readonly kind: "npm"; readonly verb: string }
  | { readonly kind: "npm-script"; readonly script: string; readonly args: readonly string[] }
  | { readonly kind: "npx"; readonly bin: string; readonly args: readonly string[] }
  | { readonly kind: "file"; readonly runner: "node" | "tsx"; readonly file: string; readonly args: readonly string[] }
  | { readonly kind: "external"; readonly program: string };

/**
 * The project's tools, by the npm script that runs each, and the file that script runs (the
 * `tsx <file>` of its package.json line): each prints what it accepts with `--help`.
 */
export const PROJECT_CLIS: Readonly<Record<string, string>> = {
  start: "scripts/start.ts",
  devnet: "devnet/cli.ts",
  server: "server/cli.ts",
  "watch-service": "watch/service/cli.ts",
  bridge: "electron/bridge/serve.ts",
  bench: "scripts/bench.ts",
  screenshots: "scripts/screenshots.ts",
};

/** Programs a guide may name that are not the project's: the reader's system, or a node's own CLI (`simd`). */
export const EXTERNAL_PROGRAMS: ReadonlySet<string> = new Set(["sha256sum", "apt-get", "simd", "openssl", "docker", "podman"]);

/** npm's own commands that a guide may give (`npm run` alone lists the scripts); `start` and `test` are package.json scripts as well. */
const NPM_VERBS: ReadonlySet<string> = new Set(["ci", "install", "run", "pack"]);

/** Fence languages whose lines are commands to type. */
const SHELL_LANGUAGES: ReadonlySet<string> = new Set(["sh", "bash", "shell"]);

/**
 * The first words that make a code span of the prose a command: npm and npx, and the two runners
 * of the project's tools (`node FILE`, `tsx FILE`). A span of one word (`npm`, `tsx`) names the
 * program and is no command; any other span (`simd keys show`, `go mod tidy`, a path) is not
 * checked, as nothing here knows what another program takes.
 */
export const COMMAND_SPAN_STARTS: ReadonlySet<string> = new Set(["npm", "npx", "node", "tsx"]);

/** A fenced block: the line of its opening fence, its language (the info string's first word; "" for none) and its lines. */
export interface Fence {
  readonly line: number;
  readonly language: string;
  readonly body: readonly { readonly line: number; readonly text: string }[];
}

/** A Markdown document split into its fenced blocks and its prose paragraphs (each with the line it starts on). */
export function markdownParts(markdown: string): { fences: Fence[]; paragraphs: { line: number; text: string }[] } {
  const fences: Fence[] = [];
  const paragraphs: { line: number; text: string }[] = [];
  let open: { line: number; language: string; marker: string; body: { line: number; text: string }[] } | undefined;
  let paragraph: { line: number; lines: string[] } | undefined;
  const endParagraph = () => {
    if (paragraph) paragraphs.push({ line: paragraph.line, text: paragraph.lines.join("\n") });
    paragraph = undefined;
  };
  markdown.split("\n").forEach((raw, index) => {
    const line = index + 1;
    if (open) {
      const close = /^\s*(`{3,}|~{3,})\s*$/.exec(raw);
      if (close && close[1]![0] === open.marker[0] && close[1]!.length >= open.marker.length) {
        fences.push({ line: open.line, language: open.language, body: open.body });
        open = undefined;
      } else {
        open.body.push({ line, text: raw });
      }
      return;
    }
    const fence = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/.exec(raw);
    if (fence) {
      endParagraph();
      open = { line, language: fence[2]!, marker: fence[1]!, body: [] };
      return;
    }
    if (raw.trim() === "") return endParagraph();
    paragraph ??= { line, lines: [] };
    paragraph.lines.push(raw);
  });
  endParagraph();
  if (open) fences.push({ line: open.line, language: open.language, body: open.body });
  return { fences, paragraphs };
}

/** Splits one written command into the commands it runs: `a && b` and `a; b` are two. */
function splitCommands(code: string): string[] {
  return code.split(/&&|;/).map((part) => part.trim()).filter((part) => part !== "");
}

/** Every command of the ```sh blocks of `markdown`: comments dropped, a line ending in `\` joined to the next, `a && b` and `a; b` as two. */
export function shellCommands(markdown: string, file: string): DocCommand[] {
  const commands: DocCommand[] = [];
  for (const fence of markdownParts(markdown).fences.filter((f) => SHELL_LANGUAGES.has(f.language))) {
    let pending: { line: number; code: string } | undefined;
    for (const { line, text } of fence.body) {
      const code = text.replace(/(^|\s)#.*$/, "").trim();
      const joined = pending ? `${pending.code} ${code}` : code;
      const start = pending?.line ?? line;
      if (joined.endsWith("\\")) {
        pending = { line: start, code: joined.slice(0, -1).trim() };
        continue;
      }
      pending = undefined;
      for (const text of splitCommands(joined)) commands.push({ file, line: start, text });
    }
    if (pending) for (const text of splitCommands(pending.code)) commands.push({ file, line: pending.line, text });
  }
  return commands;
}

/** The code spans of a paragraph (CommonMark's: a run of n backticks up to the next run of exactly n), with the line each starts on. */
export function codeSpans(paragraph: string, firstLine = 1): { line: number; text: string }[] {
  const spans: { line: number; text: string }[] = [];
  const lineAt = (offset: number) => firstLine + (paragraph.slice(0, offset).match(/\n/g)?.length ?? 0);
  const opener = /(?<!\\)`+/g;
  let match: RegExpExecArray | null;
  while ((match = opener.exec(paragraph)) !== null) {
    const ticks = match[0];
    const from = match.index + ticks.length;
    const closer = new RegExp(`(?<!\`)${ticks}(?!\`)`, "g");
    closer.lastIndex = from;
    const close = closer.exec(paragraph);
    if (!close) continue; // an unmatched run is literal text
    let text = paragraph.slice(from, close.index).replace(/\n/g, " ");
    if (/^ .*[^ ].* $/.test(text)) text = text.slice(1, -1);
    spans.push({ line: lineAt(match.index), text });
    opener.lastIndex = close.index + ticks.length;
  }
  return spans;
}

/** Whether a code span of the prose is a command a reader types (see COMMAND_SPAN_STARTS). */
export function isCommandSpan(span: string): boolean {
  const [first, second] = words(span);
  return first !== undefined && second !== undefined && COMMAND_SPAN_STARTS.has(first);
}

/** Every command written as a code span of the prose of `markdown` (outside its fences), `a && b` as two. */
export function inlineCommands(markdown: string, file: string): DocCommand[] {
  return markdownParts(markdown).paragraphs.flatMap((p) =>
    codeSpans(p.text, p.line)
      .filter((span) => isCommandSpan(span.text))
      .flatMap((span) => splitCommands(span.text).map((text) => ({ file, line: span.line, text, inline: true }))),
  );
}

/** Every command of a guide: its ```sh blocks' and its prose's. */
export function docCommands(markdown: string, file: string): DocCommand[] {
  return [...shellCommands(markdown, file), ...inlineCommands(markdown, file)];
}

/** The lines of the fences that name no language: whether their lines are commands to check could not be told. */
export function unlabeledFences(markdown: string): number[] {
  return markdownParts(markdown).fences.filter((f) => f.language === "").map((f) => f.line);
}

/** Splits a command into words (no quoting is relied on; optional parts in [brackets] count as given, `a | b` alternatives as words). */
function words(text: string): string[] {
  return text.replace(/[[\]]/g, " ").split(/\s+/).filter((w) => w !== "" && w !== "|");
}

/** The args after a leading `--`, which npm hands on to the script. */
const passedOn = (args: readonly string[]) => (args[0] === "--" ? args.slice(1) : args);

/** What `text` runs. Throws for a command that is neither npm, npx, node, tsx nor a known outside program. */
export function commandShape(text: string): CommandShape {
  const all = words(text);
  // `time npm run devnet -- up`: the command is what `time` times.
  const [program, ...rest] = all[0] === "time" ? all.slice(1) : all;
  if (program === "npm") {
    const [verb, ...after] = rest.filter((w) => w !== "-s");
    if (verb === "run" && after.length > 0) {
      const [script, ...args] = after;
      return { kind: "npm-script", script: script!, args: passedOn(args) };
    }
    if (verb === "start" || verb === "test") return { kind: "npm-script", script: verb, args: passedOn(after) };
    if (verb && NPM_VERBS.has(verb)) return { kind: "npm", verb };
    throw new Error(`npm ${verb ?? ""} is not a command the guides may give`);
  }
  if (program === "npx") {
    const [bin, ...args] = rest;
    if (!bin) throw new Error("npx names no package");
    if (bin === "tsx" && args[0] !== undefined) return { kind: "file", runner: "tsx", file: args[0], args: args.slice(1) };
    return { kind: "npx", bin, args };
  }
  if (program === "node" || program === "tsx") {
    const [file, ...args] = rest;
    if (!file) throw new Error(`${program} names no file to run`);
    // `node --version`: the runner's own options, not a file of the project's.
    if (file.startsWith("-")) return { kind: "external", program };
    return { kind: "file", runner: program, file, args };
  }
  if (program && EXTERNAL_PROGRAMS.has(program)) return { kind: "external", program };
  throw new Error(`runs ${program ?? "nothing"}, which is neither npm, npx, node, tsx nor a known outside program`);
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

/** What the checks know of the repository. */
export interface DocWorld {
  /** package.json's scripts. */
  readonly scripts: Readonly<Record<string, string>>;
  /** Each PROJECT_CLIS tool's `--help`, by its npm script. */
  readonly usages: Readonly<Record<string, string>>;
  /** The programs of node_modules/.bin: what npx runs without fetching a package from the registry. */
  readonly bins: ReadonlySet<string>;
  /** Whether a path relative to the repository's root exists. */
  readonly exists: (path: string) => boolean;
}

/** What is wrong with the arguments handed to the tool `name` (an npm script of PROJECT_CLIS) given its usage text. */
function argsProblem(name: string, args: readonly string[], usage: string): string | undefined {
  const unknown = flagsOf(args).filter((f) => !usageFlags(usage).has(f));
  if (unknown.length > 0) return `${unknown.join(", ")} not accepted by npm run ${name} (its --help)`;
  const sub = subcommandOf(args);
  if (sub !== undefined && !/^https?:/.test(sub) && !new RegExp(`(^|\\s)${sub.replace(/[.*+?^${}()|\\]/g, "\\$&")}(\\s|$)`, "m").test(usage)) return `"${sub}" is not a command of npm run ${name} (its --help)`;
  return undefined;
}

/** The problem with `shape` alone, without where it is written; undefined when nothing. */
function shapeProblem(shape: CommandShape, world: DocWorld): string | undefined {
  switch (shape.kind) {
    case "npm":
    case "external":
      return undefined;
    case "npx":
      return world.bins.has(shape.bin) ? undefined : `npx ${shape.bin}: no package of package.json provides "${shape.bin}" (node_modules/.bin), so npx would fetch it from the registry`;
    case "file": {
      if (!world.exists(shape.file)) return `${shape.runner} ${shape.file}: no such file`;
      const script = Object.keys(PROJECT_CLIS).find((s) => PROJECT_CLIS[s] === shape.file);
      if (shape.args.length === 0) return undefined;
      const usage = script === undefined ? undefined : world.usages[script];
      if (script === undefined || usage === undefined) return `arguments given to ${shape.file}, which has no usage text to check them against`;
      return argsProblem(script, shape.args, usage);
    }
    case "npm-script": {
      if (!(shape.script in world.scripts)) return `package.json has no script "${shape.script}"`;
      if (shape.args.length === 0) return undefined;
      const usage = world.usages[shape.script];
      // npm test takes a phase's name (scripts/test.ts); anything else needs a tool with a usage text.
      if (usage === undefined) return shape.script === "test" ? undefined : `arguments given to "${shape.script}", which has no usage text to check them against`;
      return argsProblem(shape.script, shape.args, usage);
    }
  }
}

/** What is wrong with `command` given what the checks know of the repository; undefined when nothing. */
export function commandProblem(command: DocCommand, world: DocWorld): string | undefined {
  const at = `${command.file}:${command.line} \`${command.text}\``;
  let problem: string | undefined;
  try {
    problem = shapeProblem(commandShape(command.text), world);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  return problem === undefined ? undefined : `${at}: ${problem}`;
}
