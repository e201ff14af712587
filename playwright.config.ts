/**
 * End-to-end tests in Debian's Chromium (no browser download works here) against the production
 * build served by `next start`. Traces and screenshots are kept on failure; the tests also write
 * review screenshots to e2e/screenshots/.
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 3107);

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1440, height: 1000 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM,
  },
  webServer: {
    command: `npx next start -p ${PORT} -H 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
