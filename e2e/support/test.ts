import { test as base } from '@playwright/test';

export * from '@playwright/test';

/**
 * Playwright's `test`, closing after each journey the browser contexts it opened with `browser.newContext()`. The
 * browser lives as long as its worker: without this, every page a journey opened stayed open (16 in one worker of a
 * full run), each still polling the server and holding memory while the later journeys ran.
 */
export const test = base.extend<{ closeOpenedContexts: void }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close().catch(() => {})),
      );
    },
    { auto: true },
  ],
});
