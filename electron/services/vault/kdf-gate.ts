/**
 * Admission for memory-hard work. Each scrypt derivation of the vault holds 128 MiB
 * (N=2^17, r=8) for about a second, and unlock, reveal, create, import and change-password
 * each run one: calls fired in parallel (a flood over IPC or the bridge) would otherwise
 * allocate that many times over and exhaust main's memory. One runs at a time; a few wait
 * their turn; the rest are refused at once with `busy`, which costs nothing.
 */
export interface Gate {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now (at most one). */
  readonly running: number;
  /** Jobs waiting for their turn (at most `maxWaiting`). */
  readonly waiting: number;
}

export function createGate(maxWaiting: number, busy: () => Error): Gate {
  let running = 0;
  const queue: Array<() => void> = [];
  const next = () => {
    running--;
    queue.shift()?.();
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running > 0) {
        if (queue.length >= maxWaiting) throw busy();
        await new Promise<void>((resolve) => queue.push(resolve));
      }
      running++;
      try {
        return await job();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
