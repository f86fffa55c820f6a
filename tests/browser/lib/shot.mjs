// Development helper: screenshots a page of the site. node tests/browser/lib/shot.mjs PATH OUT.png [w h]
import { launchBrowser, startServer } from './harness.mjs';
let [path = 'index.html', out = 'tests/artifacts/dev.png', w = '1280', h = '800', wait = '1500'] = process.argv.slice(2);
let server = await startServer();
let browser = await launchBrowser();
try {
  let page = await browser.newPage({ viewport: { width: +w, height: +h } });
  page.on('console', (m) => console.log('console:', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(server.url + path);
  await page.waitForTimeout(+wait);
  await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
} finally {
  await browser.close();
  await server.close();
}
