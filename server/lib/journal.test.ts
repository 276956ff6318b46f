import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { StorageError } from "./errors.js";
import { Journal } from "./journal.js";

const dirs: string[] = [];
function journalPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "journal-"));
  dirs.push(dir);
  return join(dir, "j.jsonl");
}
const keepAll = (entries: unknown[]) => entries;
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("Journal", () => {
  it("reads back what was appended, across a reopen", async () => {
    const path = journalPath();
    const { journal } = await Journal.open(path, keepAll);
    await Promise.all([1, 2, 3].map((n) => journal.append({ n })));
    await journal.close();
    const { journal: again, entries } = await Journal.open(path, keepAll);
    expect(entries).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await again.close();
  });

  it("commits concurrent appends together and resolves each only once written", async () => {
    const path = journalPath();
    const { journal } = await Journal.open(path, keepAll);
    const appends = Array.from({ length: 200 }, (_, n) => journal.append({ n }).then(() => readFileSync(path, "utf8").includes(`{"n":${n}}`)));
    expect(await Promise.all(appends)).toEqual(Array(200).fill(true));
    await journal.close();
  });

  it("drops a torn last line left by a crash, and rewrites the file without it", async () => {
    const path = journalPath();
    writeFileSync(path, '{"n":1}\n{"n":2}\n{"n":3,"half');
    const { journal, entries } = await Journal.open(path, keepAll);
    expect(entries).toEqual([{ n: 1 }, { n: 2 }]);
    await journal.append({ n: 4 });
    await journal.close();
    expect(readFileSync(path, "utf8")).toBe('{"n":1}\n{"n":2}\n{"n":4}\n');
  });

  it("refuses a damaged line that is not the last one", async () => {
    const path = journalPath();
    writeFileSync(path, '{"n":1}\nnot json\n{"n":3}\n');
    await expect(Journal.open(path, keepAll)).rejects.toBeInstanceOf(StorageError);
  });

  it("compacts at open with the given function", async () => {
    const path = journalPath();
    appendFileSync(path, '{"n":1}\n{"n":2}\n');
    const { journal, entries } = await Journal.open(path, (all) => all.slice(-1));
    expect(entries).toEqual([{ n: 2 }]);
    await journal.close();
    expect(readFileSync(path, "utf8")).toBe('{"n":2}\n');
  });
});
