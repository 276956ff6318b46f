import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

/** One read of an environment variable: which, and where. */
export interface EnvRead {
  readonly name: string;
  readonly file: string;
  readonly line: number;
}

/** An UPPER_SNAKE name: what an `env` object other than `process.env` is indexed with when it holds the environment. */
const ENV_NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The environment variables a TypeScript or JavaScript source reads, found in its syntax tree
 * (so text in strings and comments does not count). The forms this code uses:
 * `process.env.X`, `process.env["X"]`, `const { X } = process.env`, and the same on an object
 * named `env` (or `…Env`) that a function takes in place of `process.env`, such as
 * `layoutFromEnv(env)`; on such an object only UPPER_SNAKE names count, since `env` also names
 * plain settings objects (`env.four.devnetDir`).
 */
export function envReads(source: string, file: string): EnvRead[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const reads: EnvRead[] = [];
  const add = (name: string, node: ts.Node) => reads.push({ name, file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  const isProcessEnv = (e: ts.Expression) => ts.isPropertyAccessExpression(e) && e.name.text === "env" && ts.isIdentifier(e.expression) && e.expression.text === "process";
  const isEnvObject = (e: ts.Expression) => ts.isIdentifier(e) && /^env$|Env$/.test(e.text);
  const counts = (holder: ts.Expression, name: string) => isProcessEnv(holder) || (isEnvObject(holder) && ENV_NAME.test(name));
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && counts(node.expression, node.name.text) && !isAssigned(node)) add(node.name.text, node);
    if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && counts(node.expression, node.argumentExpression.text) && !isAssigned(node)) {
      add(node.argumentExpression.text, node);
    }
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectBindingPattern(node.name)) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name;
        if ((ts.isIdentifier(key) || ts.isStringLiteral(key)) && counts(node.initializer, key.text)) add(key.text, element);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return reads;
}

/** `process.env.X = …` and `delete process.env.X` set a variable; they do not read one. */
function isAssigned(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isDeleteExpression(parent)) return true;
  return ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
}

/** Source files under `dirs` (relative to `root`), tests left out: what the project's scripts, tools and app run. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== "node_modules" && !name.startsWith(".")) walk(join(path, name));
    } else if (/\.(ts|tsx|js|mjs|cjs)$/.test(path) && !/\.(test|e2e\.test|integration\.test)\.ts$/.test(path) && !path.endsWith(".d.ts")) {
      out.push(relative(root, path));
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return out;
}

/** Every environment variable read by the given files, by name, with where each is read. */
export function envReadsIn(root: string, files: readonly string[]): Map<string, EnvRead[]> {
  const byName = new Map<string, EnvRead[]>();
  for (const file of files) {
    for (const read of envReads(readFileSync(join(root, file), "utf8"), file)) byName.set(read.name, [...(byName.get(read.name) ?? []), read]);
  }
  return byName;
}

/** The variables named in the first column of the table under `heading` in a Markdown document. */
export function documentedVariables(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no "${heading}" section`);
  const rest = markdown.slice(start + heading.length + 2);
  const end = rest.search(/\n#{1,2} /);
  const section = end < 0 ? rest : rest.slice(0, end);
  return section.split("\n").filter((l) => /^\|\s*`/.test(l)).flatMap((l) => [...l.split("|")[1]!.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)].map((m) => m[1]!));
}
