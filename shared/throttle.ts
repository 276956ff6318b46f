/**
 * At most one call per `ms`: the first at once, then the latest of what came in the window at
 * its end, so a burst costs a few calls and the last value is never lost. Main throttles the
 * node's votes with it, the renderer the refetches a burst of blocks would start.
 */
export function createThrottle<T>(emit: (value: T) => void, ms: number): { push(value: T): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    emit(value);
    timer = setTimeout(flush, ms);
    // In Node a waiting window does not keep the process alive; a browser's timer has no unref.
    (timer as { unref?: () => void }).unref?.();
  };
  return {
    push(value: T) {
      pending = { value };
      if (!timer) flush();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
