/** Branding rules shared by the screen and its use cases; the server checks the same again. */

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;

/** `#1F6FEB`, `1f6feb` or `#1f6` -> `1f6feb` (six lower-case digits, as the colour goes in a path); else null. */
export function normaliseHex(input: string): string | null {
  const text = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(text)) return text;
  if (/^[0-9a-f]{3}$/.test(text))
    return text
      .split('')
      .map((c) => c + c)
      .join('');
  return null;
}

/** A first check before uploading (the server decides by the file's bytes): type and size. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG or WebP picture (SVG is not accepted)';
  if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;
  if (file.size === 0) return 'This file is empty';
  return null;
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  return luminance(hex) > 0.179 ? '#000000' : '#ffffff';
}

/** WCAG relative luminance of a colour given as hex (`#1f6feb`, `1f6feb`, `#1f6`). */
export function luminance(hex: string): number {
  const six = normaliseHex(hex) ?? 'ffffff';
  const channel = (i: number) => {
    const c = parseInt(six.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The default primary colour (white text on it: 5.9:1) and the page background of the app and the sign-in pages. */
export const DEFAULT_PRIMARY = '#1a5fd0';
export const PAGE_BACKGROUND = '#f5f7fa';

/** WCAG AA for normal text (and the bar every text colour of the theme is held to). */
export const AA_TEXT = 4.5;

/**
 * The workspace's colour where it carries white text at AA on it and stays readable as text on the page's light
 * backgrounds (all of `backgrounds`); otherwise null, and the caller keeps the default primary.
 */
export function readableBrand(
  colour: string | null | undefined,
  backgrounds: readonly string[] = ['#ffffff'],
): string | null {
  if (!colour) return null;
  const six = normaliseHex(colour);
  if (!six) return null;
  const hex = `#${six}`;
  return [...backgrounds, '#ffffff'].every((bg) => contrastRatio(hex, bg) >= AA_TEXT) ? hex : null;
}
