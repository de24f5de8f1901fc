import { defineConfig } from '@playwright/test';

// Debian's chromium (scripts/setup.sh installs it); never `playwright install`, which downloads
// browsers. SKYQUEUE_CHROMIUM overrides the path.
const executablePath = process.env.SKYQUEUE_CHROMIUM || '/usr/bin/chromium';
// SKYQUEUE_E2E_PORT serves the preview elsewhere than 4173, so two checkouts can test at once.
const port = Number(process.env.SKYQUEUE_E2E_PORT || 4173);

// Two browsers at once (SKYQUEUE_E2E_WORKERS overrides): on 2 cores the suite took 6.0 min
// instead of 8.1 with one, every test passing (docs/BENCHMARKS.md, "The test suite's time").
const workers = Number(process.env.SKYQUEUE_E2E_WORKERS || 2);

export default defineConfig({
  testDir: 'e2e',
  workers,
  // Ceilings, not waits: every check waits on the page's state (an attribute, a frame count, a
  // text) and passes as soon as it holds. They are wide because a 2-core machine with other work
  // beside the suite draws software-WebGL frames several times slower than an idle one.
  timeout: 120_000,
  expect: { timeout: 60_000 },
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 800 },
    // Routes (the no-external-request watch, held responses) do not see requests a service
    // worker answers: tests run without it, except offline.spec, which allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--enable-unsafe-swiftshader',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
      url: `http://127.0.0.1:${port}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    // The same build from a plain static server under a sub-path, as a school's host serves it
    // (e2e/static-host.spec.ts, docs/DEPLOY.md).
    {
      command: `node scripts/serve-static.mjs --dir dist --base /course/skyqueue/ --port ${port + 2}`,
      url: `http://127.0.0.1:${port + 2}/course/skyqueue/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
