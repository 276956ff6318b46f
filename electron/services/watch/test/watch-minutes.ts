/**
 * How long the public-node watch test follows a rate-limiting node before it checks that no
 * "Node down" fired (public-node-watch.integration.test.ts): the 10 minutes by default,
 * fewer for a quick run (docs/contributing.md, "Environment variables").
 */
export function publicWatchMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const minutes = Number(env.COMETDESK_PUBLIC_WATCH_MINUTES ?? "10");
  if (!(minutes > 0) || !Number.isFinite(minutes)) throw new RangeError(`COMETDESK_PUBLIC_WATCH_MINUTES must be a positive number of minutes, not "${env.COMETDESK_PUBLIC_WATCH_MINUTES ?? ""}"`);
  return minutes;
}
