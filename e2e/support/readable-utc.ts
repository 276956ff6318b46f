/** A CometBFT time ("Z", up to nine fraction digits) as the pages show it: UTC to the millisecond, cut, and the zone named. */
export function readableUtc(time: string): string {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(time);
  if (!m) throw new Error(`not a CometBFT time: ${time}`);
  return `${m[1]} ${m[2]}.${(m[3] ?? "").slice(0, 3).padEnd(3, "0")} UTC`;
}
