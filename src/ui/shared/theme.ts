import type { ThemeConfig } from 'antd';
import { DEFAULT_PRIMARY, PAGE_BACKGROUND, readableBrand } from '../../domain/organisation/branding';

export { DEFAULT_PRIMARY, PAGE_BACKGROUND };

/**
 * The app's one Ant Design theme. antd's defaults put several text colours under WCAG AA (placeholders 1.8:1,
 * secondary text 3.4:1, links 4.1:1, danger 3.3:1, success and warning text 2-3:1); every colour a text or a
 * control draws with is set here so that it reaches 4.5:1 on white and on the page background
 * (test/ui/theme.test.ts computes each one from antd's derived tokens).
 */

const TEXT_TOKENS: ThemeConfig['token'] = {
  colorPrimary: DEFAULT_PRIMARY,
  colorLink: DEFAULT_PRIMARY,
  colorInfo: DEFAULT_PRIMARY,
  colorError: '#c9252d',
  colorSuccess: '#237804',
  colorWarning: '#8f5500',
  // antd derives a status's light background from its colour; from these darker colours it derives greys, so
  // the light backgrounds and borders stay antd's own.
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorHover: '#a8071a',
  colorErrorActive: '#820014',
  colorErrorTextHover: '#a8071a',
  colorErrorTextActive: '#820014',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  // Secondary and description text (0.45 in antd: 3.4:1) and placeholders (0.25: 1.8:1).
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
  // Tags in a preset colour write in its 7th shade on its 1st; where that is under 4.5:1, a darker shade.
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#873800',
  cyan7: '#006d75',
  lime7: '#3f6600',
  yellow7: '#614700',
  volcano7: '#ad2102',
  colorBgLayout: PAGE_BACKGROUND,
  borderRadius: 6,
};

/**
 * The theme, tinted by a workspace's colour where that colour still carries white text at AA and reads as text
 * on the light backgrounds it meets (white, the page, its own light tint behind a selected menu item); any other
 * colour falls back to the default primary.
 */
export function appTheme(brand?: string | null): ThemeConfig {
  const key = brand ?? '';
  let theme = themes.get(key);
  if (!theme) themes.set(key, (theme = buildTheme(brandPrimary(brand))));
  return theme;
}

/** One theme object per colour, so that a re-render hands antd the same object and it derives nothing again. */
const themes = new Map<string, ThemeConfig>();

function buildTheme(primary: string): ThemeConfig {
  return {
    token: { ...TEXT_TOKENS, ...primaryTokens(primary) },
    components: {
      // Hover and pressed states darken instead of lighten, so a hovered control keeps its contrast.
      Button: { defaultHoverColor: primary, defaultHoverBorderColor: primary },
    },
  };
}

/**
 * The primary and its light tints (a selected menu item, an info alert): mixed from the colour with white, as
 * antd's own derivation turns a dark colour's tint grey.
 */
function primaryTokens(primary: string): NonNullable<ThemeConfig['token']> {
  return {
    colorPrimary: primary,
    colorLink: primary,
    colorInfo: primary,
    // Hover and pressed darken (antd lightens them, under AA for a hovered link or outlined button).
    colorPrimaryHover: darken(primary, 0.15),
    colorPrimaryActive: darken(primary, 0.3),
    colorPrimaryTextHover: darken(primary, 0.15),
    colorPrimaryTextActive: darken(primary, 0.3),
    colorLinkHover: darken(primary, 0.15),
    colorLinkActive: darken(primary, 0.3),
    colorInfoHover: darken(primary, 0.15),
    colorInfoTextHover: darken(primary, 0.15),
    colorPrimaryBg: mixWithWhite(primary, 0.08),
    colorPrimaryBgHover: mixWithWhite(primary, 0.16),
    colorInfoBg: mixWithWhite(primary, 0.08),
    colorInfoBorder: mixWithWhite(primary, 0.35),
    controlItemBgActive: mixWithWhite(primary, 0.08),
    controlItemBgActiveHover: mixWithWhite(primary, 0.16),
  };
}

/** The workspace colour if it holds its contrast everywhere the primary goes, else the default primary. */
export function brandPrimary(brand?: string | null): string {
  const candidate = readableBrand(brand, [PAGE_BACKGROUND]);
  if (!candidate) return DEFAULT_PRIMARY;
  return (
    readableBrand(candidate, [PAGE_BACKGROUND, mixWithWhite(candidate, 0.08), mixWithWhite(candidate, 0.16)]) ??
    DEFAULT_PRIMARY
  );
}

/** The colour with `amount` of black mixed in, as an opaque hex. */
function darken(hex: string, amount: number): string {
  const six = hex.replace('#', '');
  return (
    '#' +
    [0, 2, 4]
      .map((i) =>
        Math.round(parseInt(six.slice(i, i + 2), 16) * (1 - amount))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** `amount` of the colour over white, as an opaque hex. */
function mixWithWhite(hex: string, amount: number): string {
  const six = hex.replace('#', '');
  return (
    '#' +
    [0, 2, 4]
      .map((i) =>
        Math.round(parseInt(six.slice(i, i + 2), 16) * amount + 255 * (1 - amount))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}
