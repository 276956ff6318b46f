import { AppError } from "../app-error.js";
import type { ReadAsk, ReadRequest } from "./read-protocol.js";
import { startWorker, type StartedWorker } from "./worker-host.js";

/** The read worker's heap: a few blocks at the transport's answer cap, parsed. */
const WORKER_HEAP_MB = 512;

export interface ReadWorker {
  /** Reads, checks and adapts in the worker thread (read-worker.ts); resolves with the adapted result. */
  read<T>(request: ReadAsk): Promise<T>;
  /** Starts the worker now, if it is not running, so the next read does not wait for it to start. */
  warm(): void;
  close(): Promise<void>;
}

const closed = new AppError("read_worker_failed", "the read worker was stopped (the app is closing)");

/**
 * Reads large answers in a worker thread, started on first use (or `warm`). A worker that dies
 * (out of memory on a hostile answer, say) fails the reads it had with `read_worker_failed`;
 * the next read starts a new one.
 */
export function createReadWorker(heapMb = WORKER_HEAP_MB): ReadWorker {
  let worker: StartedWorker<ReadRequest> | undefined;
  let isClosed = false;
  const live = () => {
    if (isClosed) throw closed;
    if (!worker || worker.failed()) worker = startWorker<ReadRequest>({ name: "read-worker", heapMb, failCode: "read_worker_failed", label: "the read worker" });
    return worker;
  };
  return {
    read: async <T>(request: ReadAsk) => live().ask<T>((id) => ({ ...request, id }) as ReadRequest),
    warm: () => void (isClosed || live()),
    close: async () => {
      isClosed = true;
      await worker?.stop(closed);
    },
  };
}
