import { defineConfig } from '@playwright/test';

// End-to-end tests run against the release bundle. scripts/test.sh has scripts/serve.sh build it into
// `target/test-dist/` and serve it, and passes the serve's address in DYNAMODEL_E2E_URL. Run alone
// (`npx playwright test`), the tests serve `DYNAMODEL_DIST` (default `../target/test-dist`) themselves
// with Python's http.server on DYNAMODEL_E2E_PORT. The offline test always serves `DYNAMODEL_DIST` itself.
// Test files run side by side in DYNAMODEL_E2E_WORKERS browsers (default 2); the tests of a file in order.
const port = Number(process.env.DYNAMODEL_E2E_PORT ?? 4173);
const dist = process.env.DYNAMODEL_DIST ?? '../target/test-dist';
const url = process.env.DYNAMODEL_E2E_URL;

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: Number(process.env.DYNAMODEL_E2E_WORKERS ?? 2),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // scripts/test.sh runs the browsers beside other stages on the same cores: a test's time can double.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: url ?? `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    // Run alone, a failed test leaves a trace. scripts/test.sh passes --trace off (recording costs about a
    // quarter of the lane's time) and runs the failed tests again with tracing on.
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The network flags stop Chromium from probing a network that is not there.
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
  },
  webServer: url
    ? undefined
    : {
        // Python's http.server sends .wasm as application/wasm, which streaming instantiation requires.
        command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory ${dist}`,
        url: `http://127.0.0.1:${port}/index.html`,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'ignore',
        // scripts/test.sh runs the browsers beside other stages on the same cores: a test's time can double.
  timeout: 60_000,
      },
});
