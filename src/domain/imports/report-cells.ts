/**
 * A cell of a downloaded CSV report. Text beginning with = + - @ (or a tab or carriage return) is run as a
 * formula by spreadsheets (CSV injection, OWASP): prefix it with a quote so it is shown, never run.
 */
export function escapeReportCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
