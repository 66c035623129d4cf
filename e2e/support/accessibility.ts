import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG levels the product promises (UI.md): A and AA of WCAG 2.0 and 2.1. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Two of axe's best practices held as strictly as the WCAG rules, whatever impact axe gives them: headings in order
 * (no level skipped on the way down: an `h1` then an `h3` hides a level from a screen reader's outline) and every
 * field named by a real label (`Form.Item label`, `aria-label`, `aria-labelledby`), not only by its title or its help
 * text. The rules the screens keep for them are docs/architecture.md's ("Headings and labels").
 */
export const AXE_BEST_PRACTICES = ['heading-order', 'label-title-only'];

/**
 * Runs axe on the page as it stands and fails on any serious or critical violation, and on any violation of
 * `AXE_BEST_PRACTICES`, listing each rule with the elements it found (a readable list, not axe's JSON). Call it once
 * the screen has loaded its data, so that what is checked is what a user sees.
 */
export async function expectAccessible(page: Page, name: string | RegExp): Promise<void> {
  // Let antd's animations and transitions end (an entrance fade, a button turning from disabled to enabled): a
  // half-faded element has a contrast it never keeps. Endless ones (a spinner) are not waited for.
  await page.waitForTimeout(50);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(AXE_BEST_PRACTICES.map((rule) => [rule, { enabled: true }])) })
    .withTags(AXE_TAGS)
    .analyze();
  const grave = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || AXE_BEST_PRACTICES.includes(v.id),
  );
  const report = grave
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 8)
        .map(
          (n) =>
            `    - ${n.target.join(' ')}: ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 240)}`,
        )
        .join('\n');
      const more = v.nodes.length > 8 ? `\n    ... and ${v.nodes.length - 8} more` : '';
      return `  ${v.impact} ${v.id} (${v.nodes.length}): ${v.help}\n${nodes}${more}`;
    })
    .join('\n');
  expect(grave.length, `axe on "${name}" (${page.url()}):\n${report}`).toBe(0);
}

/** The page fits its viewport: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  // After a resize the shell re-lays itself out on antd's breakpoint (a React render): let it settle first.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { timeout: 5_000 })
    .toBe(true)
    .catch(() => undefined);
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right ${Math.round(el.getBoundingClientRect().right)})`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: wide };
  });
  expect(
    scrollWidth,
    `"${name}" scrolls sideways at ${innerWidth} px; wider than the screen: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Exactly one h1 on the page (UI.md page anatomy). */
export async function expectOneH1(page: Page, name: string): Promise<void> {
  await expect(page.locator('h1'), `"${name}" has exactly one h1`).toHaveCount(1);
}

/**
 * The screen at a phone's width (390 px): it lays itself out again (the shell's header narrows on the next render),
 * then nothing scrolls sideways; the page goes back to its own size after.
 */
export async function atPhoneWidth(page: Page, name: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 })
    .toBeLessThanOrEqual(390);
  await expectNoSidewaysScroll(page, name);
  await page.setViewportSize(size);
}
