/**
 * A date of joining as written in an import file: `YYYY-MM-DD` or `DD/MM/YYYY` (also `DD-MM-YYYY`,
 * `DD.MM.YYYY`). Returns the ISO date, or null when the text is no real calendar date (31/02/2024).
 */
export function parseImportDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) return isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
  return null;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The spec: a bulk file is renamed with a timestamp prefix before upload (`20261123-011500_users.csv`). */
export function timestampedFileName(name: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const base = name.split(/[\\/]/).pop() || 'import';
  return `${stamp}_${base}`;
}
