import { Worker } from "node:worker_threads";
import { AppError } from "../app-error.js";
import { WorkerReply } from "./worker-protocol.js";

/** The worker scripts main starts, each built beside main's bundle (scripts/build.ts). */
export type WorkerName = "genesis-worker" | "read-worker";

/** A worker script beside this module: TypeScript when run from source, the bundle's file when built. */
function workerScript(name: WorkerName): { url: URL; execArgv?: string[] } {
  if (!import.meta.url.endsWith(".ts")) return { url: new URL(`./${name}.js`, import.meta.url) };
  const hasTsx = process.execArgv.some((a) => a.includes("tsx"));
  return { url: new URL(`./${name}.ts`, import.meta.url), execArgv: hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"] };
}

export interface WorkerOptions {
  readonly name: WorkerName;
  /** The worker's old-generation heap, in MiB. */
  readonly heapMb: number;
  /** The AppError code a call fails with when the worker dies or answers nonsense. */
  readonly failCode: string;
  /** What the worker is, in those errors' messages ("the genesis worker"). */
  readonly label: string;
}

export interface StartedWorker<Q extends { id: number }> {
  /** Sends `request` (with a fresh id) and resolves with the worker's value, or rejects with its AppError. */
  ask<T>(request: (id: number) => Q): Promise<T>;
  /** Why the worker can answer no more (it died, or was stopped), if it cannot. */
  failed(): AppError | undefined;
  /** Fails what is still asked with `reason` and stops the worker. */
  stop(reason: AppError): Promise<void>;
}

/**
 * Starts a worker thread. Its requests are answered as each finishes; a worker that dies (out of
 * memory on a hostile answer, say) fails what was asked of it with `failCode`, and main goes on.
 */
export function startWorker<Q extends { id: number }>(o: WorkerOptions): StartedWorker<Q> {
  const script = workerScript(o.name);
  const worker = new Worker(script.url, { execArgv: script.execArgv, resourceLimits: { maxOldGenerationSizeMb: o.heapMb } });
  worker.unref(); // an idle worker never keeps the process alive
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let failure: AppError | undefined;
  let id = 0;
  const fail = (error: AppError) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  worker.on("message", (raw: unknown) => {
    const reply = WorkerReply.safeParse(raw);
    if (!reply.success) return fail(new AppError(o.failCode, `${o.label} answered something unreadable`));
    const w = waiting.get(reply.data.id);
    waiting.delete(reply.data.id);
    if (reply.data.ok) w?.resolve(reply.data.value);
    else w?.reject(new AppError(reply.data.code, reply.data.message));
  });
  worker.on("error", (error) => fail(new AppError(o.failCode, `${o.label} stopped: ${error.message}`)));
  worker.on("exit", (code) => fail(new AppError(o.failCode, `${o.label} exited (code ${code})`)));
  return {
    ask: <T>(request: (id: number) => Q) =>
      new Promise<T>((resolve, reject) => {
        if (failure) return reject(failure);
        const q = request(++id);
        waiting.set(q.id, { resolve: resolve as (value: unknown) => void, reject });
        worker.postMessage(q);
      }),
    failed: () => failure,
    stop: async (reason) => {
      fail(reason);
      await worker.terminate();
    },
  };
}
