import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, E2E_PORT, firefoxPrefs } from './e2e/fixtures/browser';
import { E2E_CONTROL_TOKEN } from './e2e/fixtures/control-token';
import { FLEET_ONLINE_WITHIN_S } from './e2e/fixtures/fleet-window';
import { ORGANISER_TOKENS_ENV } from './e2e/fixtures/organiser-tokens';

// Two spec files at once on two cores: the run is mostly waiting (syncs, verdicts returning,
// a fleet's silence), so a second worker takes the run from about 32 to 22 minutes on a host at
// load 18, with the same results (every spec file waits for what it needs, never for time).
const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));
const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 4317);

export default defineConfig({
  testDir: 'e2e',
  outputDir: process.env.E2E_OUT ?? 'e2e/.artifacts/results',
  fullyParallel: false,
  // Each worker against its own server (E2E_WORKERS=1 runs one spec file at a time).
  workers: E2E_WORKERS,
  // Two shared cores run a browser and the server at once: one retry absorbs a stall; a real
  // failure fails twice.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    serviceWorkers: 'allow',
    // Traced on the retry only: recording every first attempt (DOM snapshots and a screencast of
    // every action) cost about a fifth of the run on two cores; a real failure fails twice and
    // keeps its retry's trace.
    trace: 'on-first-retry',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  // The queue takes projects in this order, each project's files alphabetically: Firefox's two
  // journeys, among the longest files, go first, beside Chromium's specs, so the Chromium and
  // Firefox phase does not end on them with one worker idle.
  projects: [
    // Debian's Firefox ESR over WebDriver BiDi (Playwright's moz-firefox channel; no download).
    {
      name: 'firefox',
      testMatch: /e2e\/engines\/.*\.spec\.ts$/,
      use: {
        browserName: 'firefox',
        channel: 'moz-firefox',
        launchOptions: { executablePath: '/usr/bin/firefox-esr', firefoxUserPrefs: firefoxPrefs },
      },
    },
    { name: 'chromium', use: { browserName: 'chromium' } },
    // WebKitGTK's MiniBrowser through WebKitWebDriver and webdriverio (e2e/fixtures/webkit.ts).
    // Alone, after the others: MiniBrowser's first refresh can hang on a busy host (its journeys
    // retry it), and two of them side by side made that the rule. Beside Chromium and Firefox on
    // a host at load 24 its fleet journey ran past its 150 s twice (84 s alone).
    {
      name: 'webkit',
      testMatch: /.*\.webkit\.ts$/,
      workers: 1,
      dependencies: ['chromium', 'firefox'],
    },
  ],
  // One server a worker, each with its own data, so spec files run side by side without
  // sharing a list's state (E2E_PORT + the worker's index; e2e/fixtures/browser.ts).
  webServer: Array.from({ length: E2E_WORKERS }, (_, worker) => {
    const data = `${process.env.E2E_DATA ?? 'e2e/.artifacts/mock-data'}-${worker}`;
    const port = E2E_BASE_PORT + worker;
    return {
      // node itself, not an npx wrapper, so Playwright's stop really stops the server.
      command: `rm -rf ${data} && exec node --import tsx src/server/main.ts`,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        MOCK_DATA_DIR: data,
        MOCK_FAULTS: '1',
        MOCK_CONTROL_TOKEN: E2E_CONTROL_TOKEN,
        // The device-safety journey reaches this server as a second service at localhost, from the
        // app at 127.0.0.1: a cross-origin caller like a door app served from elsewhere.
        MOCK_CORS_ORIGINS: `http://127.0.0.1:${port}`,
        MOCK_SEED: 'demo',
        MOCK_API_TOKENS: ORGANISER_TOKENS_ENV,
        // The fleet journeys wait for a door to fall silent: this long, not the default 30 s.
        FLEET_ONLINE_WITHIN_S: String(FLEET_ONLINE_WITHIN_S),
      },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    };
  }),
});
