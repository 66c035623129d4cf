import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, DEFAULT_PRIMARY, readableBrand } from '../../../src/domain/organisation/branding';
import { appTheme, brandPrimary, PAGE_BACKGROUND } from '../../../src/ui/shared/theme';

/** An antd colour (`#rgb`, `#rrggbb`, `rgba(r, g, b, a)`) as the opaque hex it shows on `background`. */
function onBackground(colour: string, background: string): string {
  const bg = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  const rgba = /rgba?\(([^)]+)\)/.exec(colour);
  let rgb: number[];
  let alpha = 1;
  if (rgba) {
    const parts = rgba[1].split(',').map((p) => Number(p.trim()));
    rgb = parts.slice(0, 3);
    alpha = parts[3] ?? 1;
  } else {
    const hex = colour.replace('#', '');
    const six =
      hex.length === 3
        ? hex
            .split('')
            .map((c) => c + c)
            .join('')
        : hex;
    rgb = [0, 2, 4].map((i) => parseInt(six.slice(i, i + 2), 16));
  }
  return (
    '#' +
    rgb
      .map((c, i) =>
        Math.round(c * alpha + bg[i] * (1 - alpha))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

const tokens = theme.getDesignToken(appTheme());

/** Every colour antd draws text or a control's label with, in the app's theme. */
const TEXT_COLOURS = [
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextDescription',
  'colorTextLabel',
  'colorTextHeading',
  'colorTextPlaceholder',
  'colorLink',
  'colorPrimary',
  'colorPrimaryText',
  'colorError',
  'colorErrorText',
  'colorSuccess',
  'colorSuccessText',
  'colorWarning',
  'colorWarningText',
  'colorInfo',
  'colorInfoText',
  // A hovered or pressed link, text button or outlined button keeps its contrast (antd lightens on hover).
  'colorPrimaryHover',
  'colorPrimaryTextHover',
  'colorLinkHover',
  'colorErrorHover',
  'colorErrorTextHover',
  'colorInfoTextHover',
] as const;

describe('the app theme', () => {
  const backgrounds = {
    white: '#ffffff',
    page: PAGE_BACKGROUND,
    'table header': onBackground(tokens.colorFillAlter, '#ffffff'),
  };

  for (const name of TEXT_COLOURS) {
    it(`draws ${name} at WCAG AA (4.5:1) on white, on the page and in a table header`, () => {
      for (const [where, bg] of Object.entries(backgrounds)) {
        const ratio = contrastRatio(onBackground(tokens[name], bg), bg);
        expect(ratio, `${name} ${tokens[name]} on ${where} ${bg}`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('keeps status text readable on its own tinted background (tags, alerts, the selected menu item)', () => {
    for (const [text, bg] of [
      ['colorSuccess', 'colorSuccessBg'],
      ['colorWarning', 'colorWarningBg'],
      ['colorError', 'colorErrorBg'],
      ['colorInfo', 'colorInfoBg'],
      ['colorPrimary', 'colorPrimaryBg'],
      ['colorPrimary', 'controlItemBgActive'],
    ] as const) {
      const background = onBackground(tokens[bg], '#ffffff');
      expect(contrastRatio(tokens[text], background), `${text} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes a tag of every preset colour readably (its text shade on its light shade)', () => {
    const presets = [
      'blue',
      'purple',
      'cyan',
      'green',
      'magenta',
      'pink',
      'red',
      'orange',
      'yellow',
      'volcano',
      'geekblue',
      'lime',
      'gold',
    ] as const;
    const shades = tokens as unknown as Record<string, string>;
    for (const colour of presets) {
      expect(contrastRatio(shades[`${colour}7`], shades[`${colour}1`]), `${colour} tag`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes white text on primary and danger buttons at AA', () => {
    expect(contrastRatio(tokens.colorTextLightSolid, tokens.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokens.colorTextLightSolid, tokens.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('tints the primary with a workspace colour that holds its contrast, and falls back when it does not', () => {
    expect(brandPrimary('#0b5d1e')).toBe('#0b5d1e');
    expect(theme.getDesignToken(appTheme('#0b5d1e')).colorPrimary).toBe('#0b5d1e');
    // Antd's own blue carries white text at 4.1:1 only; yellow at 1.5:1.
    expect(brandPrimary('#1677ff')).toBe(DEFAULT_PRIMARY);
    expect(brandPrimary('#fadb14')).toBe(DEFAULT_PRIMARY);
    expect(brandPrimary(null)).toBe(DEFAULT_PRIMARY);
    expect(theme.getDesignToken(appTheme('#fadb14')).colorPrimary).toBe(DEFAULT_PRIMARY);
  });
});

describe('readableBrand', () => {
  it('accepts a colour only where white text on it and it as text reach 4.5:1', () => {
    expect(readableBrand('#1a5fd0')).toBe('#1a5fd0');
    expect(readableBrand('1A5FD0')).toBe('#1a5fd0');
    expect(readableBrand('#ff4d4f')).toBeNull();
    expect(readableBrand('not a colour')).toBeNull();
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
