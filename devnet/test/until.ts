/**
 * Polls `probe` every half second until it gives a value (a throw counts as not yet), for at
 * most `seconds`; then fails naming `what`. For waits on a chain, whose pace a test does not set.
 */
export async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const got = await probe().catch(() => undefined);
    if (got !== undefined) return got;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not within ${seconds} s`);
}
