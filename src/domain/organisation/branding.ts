/** Branding rules shared by the screen and its use cases; the server checks the same again. */

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 512 * 1024;

/** `#1F6FEB`, `1f6feb` or `#1f6` -> `1f6feb` (six lower-case digits, as the colour goes in a path); else null. */
export function normaliseHex(input: string): string | null {
  const text = input.trim().replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{6}$/.test(text)) return text;
  if (/^[0-9a-f]{3}$/.test(text)) return text.split('').map((c) => c + c).join('');
  return null;
}

/** A first check before uploading (the server decides by the file's bytes): type and size. */
export function logoProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP picture (SVG is not accepted)';
  if (file.size > LOGO_MAX_BYTES) return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;
  if (file.size === 0) return 'This file is empty';
  return null;
}

/** Black or white text, whichever reads better on the colour (WCAG relative luminance). */
export function textOn(hex: string): '#000000' | '#ffffff' {
  const six = normaliseHex(hex) ?? 'ffffff';
  const channel = (i: number) => {
    const c = parseInt(six.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.179 ? '#000000' : '#ffffff';
}
