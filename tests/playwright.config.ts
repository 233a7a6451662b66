import { defineConfig } from '@playwright/test';

// End-to-end tests run against the release bundle in `target/test-dist/` (scripts/test.sh builds it with
// `trunk build --release --dist target/test-dist`, apart from the `dist/` of a running scripts/serve.sh), served on
// 127.0.0.1. scripts/test.sh picks a free port and passes it in DYNAMODEL_E2E_PORT.
const port = Number(process.env.DYNAMODEL_E2E_PORT ?? 4173);
const dist = process.env.DYNAMODEL_DIST ?? '../target/test-dist';

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: 'test-results/artifacts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
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
  webServer: {
    // Python's http.server sends .wasm as application/wasm, which streaming instantiation requires.
    command: `python3 -m http.server ${port} --bind 127.0.0.1 --directory ${dist}`,
    url: `http://127.0.0.1:${port}/index.html`,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'ignore',
    timeout: 30_000,
  },
});
