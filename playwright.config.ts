import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { JOURNEY_CLIENT, JOURNEY_IDP_PORTS, MICROSOFT_COMMON_ISSUER } from './e2e/support/oidc-idp';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = path.join(os.tmpdir(), `safeplace-e2e-${E2E_PORT}`);

/**
 * Journeys in Debian's Chromium against the real server on a fresh embedded database.
 * `npm test` builds the web app first; the server here serves that build.
 */
/** The journeys that change Acme's committee or its default workflow (e2e/support/app.ts `seatCommittee`, `publishWorkflow`). */
const ACME_COMMITTEE_JOURNEYS = /(complaints|hearings|returns)\.spec\.ts/;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  // One more try for a journey that fails once: a real break fails twice and the run fails; one that passes on
  // the retry is named as flaky at the end of `npm test` (scripts/test.mjs), to be fixed, not forgotten.
  retries: 1,
  timeout: 60_000,
  // 20 s, not 10: on a loaded 2-core machine the first screen after a full page load waits on a server shared with
  // the other worker's journeys (docs/architecture.md "Journeys on a loaded machine").
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    // A common laptop screen (UI.md); the phone sizes are e2e/screens.spec.ts's.
    viewport: { width: 1366, height: 850 },
    launchOptions: {
      // Debian's chromium-headless-shell: the same Chromium version as the `chromium` package, built as the headless
      // shell Playwright itself uses for headless runs: about a fifth less of the browser's CPU than the full browser's
      // new headless mode (docs/architecture.md "The time of `npm test`"). `CHROMIUM_PATH` overrides it (e.g.
      // /usr/bin/chromium, the full browser).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  projects: [
    // These journeys seat Acme's one workspace-wide committee and publish the workflow its new cases follow: two at
    // once would file under each other's workflow or find the committee re-seated, so they run one at a time, beside
    // the other journeys (which never change either). Listed first so that they start first: one worker takes them
    // one by one while the other runs the rest, instead of their being a one-worker tail.
    { name: 'acme-committee', testMatch: ACME_COMMITTEE_JOURNEYS, workers: 1 },
    // Every other journey, maintenance's among them (it closes a workspace of its own), two at a time.
    { name: 'journeys', testIgnore: ACME_COMMITTEE_JOURNEYS },
  ],
  webServer: [
    {
      // The local identity providers for Google and Microsoft sign-in (e2e/support/oidc-idp.ts).
      command: `node scripts/require-node24.mjs && tsx e2e/support/oidc-idp.ts`,
      url: `http://127.0.0.1:${JOURNEY_IDP_PORTS.microsoft}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_PORT: String(E2E_PORT) },
      stdout: 'pipe',
    },
    {
      // Each run starts on a fresh database: the server seeds the demo data on first start. The server runs as
      // `npm start` runs it, from the bundle `npm run build` makes (scripts/build-server.mjs), so the journeys try the
      // very files that serve.
      command: `node scripts/require-node24.mjs && rm -rf '${dataDir}' && node dist-server/main.js`,
      url: `http://127.0.0.1:${E2E_PORT}/config.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // Small import batches, so a journey's 1,000-row import shows its progress over several batches.
        IMPORT_BATCH_SIZE: '100',
        // A lock after 5 wrong codes instead of 100, so e2e/account-unlock.spec.ts can show a lock and its unlock.
        CODE_LOCKOUT_AFTER: '5',
        // The journeys file as the same employee on one database: room for all of them and their retries (the daily
        // filing limit itself is tested in test/server/complaints/case-routing.test.ts).
        COMPLAINTS_PER_DAY: '20',
        // Webhooks may go to http://127.0.0.1: e2e/webhooks.spec.ts runs its own local receiver (docs/webhooks.md).
        WEBHOOKS_ALLOW_PRIVATE: '1',
        OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${JOURNEY_IDP_PORTS.google}`,
        OIDC_GOOGLE_CLIENT_ID: JOURNEY_CLIENT.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: JOURNEY_CLIENT.clientSecret,
        OIDC_MICROSOFT_ISSUER: MICROSOFT_COMMON_ISSUER,
        OIDC_MICROSOFT_DISCOVERY_URL: `http://127.0.0.1:${JOURNEY_IDP_PORTS.microsoft}/.well-known/openid-configuration`,
        OIDC_MICROSOFT_CLIENT_ID: JOURNEY_CLIENT.clientId,
        OIDC_MICROSOFT_CLIENT_SECRET: JOURNEY_CLIENT.clientSecret,
      },
      stdout: 'pipe',
    },
  ],
});
