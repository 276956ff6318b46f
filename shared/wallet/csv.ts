/**
 * CSV (RFC 4180) that spreadsheets open as data, never as formulas: a cell starting with
 * = + - @ (or tab / carriage return) gets a leading apostrophe (OWASP "CSV Injection").
 */
export function csvCell(value: string): string {
  const neutral = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutral) || neutral !== neutral.trim() ? `"${neutral.replace(/"/g, '""')}"` : neutral;
}

/** Header and rows, CRLF line ends as RFC 4180 says. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
