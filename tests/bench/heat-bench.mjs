// Heat tab benchmark (not a test): how long the simulator takes in Chromium for one million requests,
// and the input latency a person typing sees while it runs. Run against a served release build:
//
//   node tests/bench/heat-bench.mjs http://127.0.0.1:18600/ [--ids 10000]
//
// Workload: the "latest posts on a constant GSI key" scenario at 2,000 posts/s for 500 s = 1,000,000
// PutItem requests (a third of them throttled by GSI back-pressure, the expensive path). Input latency is
// keydown → the next frame after it (requestAnimationFrame + a task), for keys typed into the seed field
// every 40 ms while the run goes on.
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://127.0.0.1:18600/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
         '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(url);
await page.waitForSelector('[data-testid=app-shell]');
await page.getByRole('tab', { name: 'Heat' }).click();
await page.getByTestId('scenario-latest-posts').click();
await page.getByTestId('input-duration').fill('500');
await page.getByTestId('input-p0-rate0').fill('2000');
// Distinct post ids: the scenario's 1,000,000 (almost every request is a new key, priced once through
// the engine) or fewer (`--ids 10000`: prices are cached after the first sight of each key).
const ids = process.argv.includes('--ids') ? process.argv[process.argv.indexOf('--ids') + 1] : '1000000';
await page.getByTestId('input-p0-keys').fill(ids);
console.log(`distinct ids: ${ids}`);

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: q(0.5).toFixed(1), p95: q(0.95).toFixed(1), max: s[s.length - 1].toFixed(1) };
};

for (const round of [1, 2, 3]) {
  await page.evaluate(() => {
    window.__lat = [];
    window.__done = null;
    const seed = document.querySelector('[data-testid=input-seed]');
    seed.onkeydown = (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t), 0));
    };
    const obs = new MutationObserver(() => {
      if (window.__start && !document.querySelector('[data-testid=heat-progress]') && window.__seen && window.__done === null) {
        window.__done = performance.now() - window.__start;
      }
      if (document.querySelector('[data-testid=heat-progress]')) window.__seen = true;
    });
    obs.observe(document.body, { childList: true, subtree: true });
    window.__seen = false;
    window.__start = performance.now();
  });
  await page.getByTestId('heat-run').click();
  await page.getByTestId('input-seed').click();
  while (await page.evaluate(() => window.__done === null)) {
    await page.keyboard.press('1');
    await page.waitForTimeout(40);
  }
  await page.waitForSelector('[data-testid=base-summary]');
  const requests = await page.getByTestId('base-requests').textContent();
  const ms = await page.evaluate(() => window.__done);
  const lat = stats(await page.evaluate(() => window.__lat));
  console.log(`round ${round}: ${requests} requests simulated in ${ms.toFixed(0)} ms (${(Number(requests.replace(/,/g, '')) / ms * 1000 / 1e6).toFixed(2)} M req/s incl. slicing); input latency over ${lat.n} keys: median ${lat.median} ms, p95 ${lat.p95} ms, max ${lat.max} ms`);
  await page.getByTestId('input-seed').fill('1');
}
await browser.close();
