import { chromium } from 'playwright-core';
const [, , url, out, skin, layout] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
const errors = [];
page.on('console', (m) => {
  if (m.type() === 'error') errors.push(m.text());
});
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(new URL('/login', url).toString());
await page.evaluate(
  ([skin, layout]) => {
    localStorage.setItem('fiscusToken', 'dev');
    if (skin) localStorage.setItem('fiscus-skin', skin);
    if (layout) localStorage.setItem('fiscus-theme', JSON.stringify({ layout }));
  },
  [skin, layout],
);
await page.goto(url);
await page.waitForTimeout(2500);
await page.screenshot({ path: out });
console.log(page.url(), errors.slice(0, 5));
await browser.close();
