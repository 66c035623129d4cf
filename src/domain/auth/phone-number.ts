/**
 * A phone number as typed ("+91 98000-00001", "(416) 555 0100") reduced to the form it is compared in:
 * a leading + if given, then 8 to 15 digits (E.164 allows at most 15). Null when it cannot be a number.
 */
export function normalisePhoneNumber(input: string): string | null {
  const trimmed = input.trim();
  if (!/^\+?[\d\s().\-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) return null;
  return trimmed.startsWith('+') ? `+${digits}` : digits;
}
