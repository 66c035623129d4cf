/**
 * A date of joining as written in an import file: `YYYY-MM-DD` or `DD/MM/YYYY` (also `DD-MM-YYYY`,
 * `DD.MM.YYYY`). Returns the ISO date, or null when the text is no real calendar date (31/02/2024).
 */
export function parseImportDate(text: string): string | null {
  const value = text.trim();
  // The common case, already ISO with two-digit month and day: checked without a regex or a new string.
  if (value.length === 10 && value.charCodeAt(4) === DASH && value.charCodeAt(7) === DASH) {
    const year = digits(value, 0, 4);
    const month = digits(value, 5, 7);
    const day = digits(value, 8, 10);
    if (year >= 0 && month >= 0 && day >= 0) return validDate(year, month, day) ? value : null;
  }
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) return isoDate(Number(match[3]), Number(match[2]), Number(match[1]));
  return null;
}

const DASH = 45;
const ZERO = 48;

/** The number written by the ASCII digits `text[from..to)`, or -1 if any is not a digit. */
function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = text.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

function validDate(year: number, month: number, day: number): boolean {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const short = month === 4 || month === 6 || month === 9 || month === 11;
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : short ? 30 : 31;
  return day <= daysInMonth;
}

function isoDate(year: number, month: number, day: number): string | null {
  if (!validDate(year, month, day)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The spec: a bulk file is renamed with a timestamp prefix before upload (`20261123-011500_users.csv`). */
export function timestampedFileName(name: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const base = name.split(/[\\/]/).pop() || 'import';
  return `${stamp}_${base}`;
}
