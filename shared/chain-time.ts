/**
 * RFC 3339's date-time (https://www.rfc-editor.org/rfc/rfc3339#section-5.6), as CometBFT writes a
 * block's time (nanoseconds, "Z") and main writes its own (milliseconds, "Z"). An offset other
 * than "Z" is allowed by the format, so it is read too.
 */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * A chain time as UTC to the millisecond, naming its zone: `2026-11-26 17:08:58.688 UTC`. Undefined
 * when the string is not an RFC 3339 time (a node's answer is attacker-chosen): the caller then
 * shows it as it came. Milliseconds are cut, not rounded, so a time never reads as the next second.
 */
export function readableUtc(value: string): string | undefined {
  const m = RFC3339.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  // 60 is a leap second, which RFC 3339 allows; a day is checked against its month and year.
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 60) return undefined;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  if (day < 1 || date.getUTCDate() !== day) return undefined;
  const [offsetHours, offsetMinutes] = [Number(m[10] ?? 0), Number(m[11] ?? 0)];
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  // An offset is whole minutes: moving the hours and minutes to UTC leaves seconds and fraction as written.
  date.setUTCHours(hour, minute - (m[9] === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes));
  const ms = (m[7] ?? "").slice(0, 3).padEnd(3, "0");
  const y = date.getUTCFullYear();
  if (y < 0 || y > 9999) return undefined;
  return `${pad(y, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(second)}.${ms} UTC`;
}

/** `readableUtc`, or the value as it came when it is not an RFC 3339 time: for a time inside a sentence. */
export const utcText = (value: string): string => readableUtc(value) ?? value;
