// Throwaway: times solver.suit on a few holdings in both builds (best of 3).
import { launchBrowser, startServer, solverPage } from './lib/harness.mjs';
const holdings = (process.env.H || 'AJ2/K103,AQ1096/87xx,QT84/76,-/Q97532,K9753/Q,AJ9753/-,KT8642/-,KJ9763/-,QT864/2').split(',');
const browser = await launchBrowser();
for (const iso of [true, false]) {
  const server = await startServer({ isolation: iso });
  const { page, mode } = await solverPage(browser, server);
  for (const h of holdings) {
    const [north, south] = h.split('/');
    const times = [];
    for (let i = 0; i < 3; i++) {
      times.push(await page.evaluate(async (req) => {
        const t = performance.now();
        await window.solver.suit(req);
        return performance.now() - t;
      }, { north, south }));
    }
    console.log(mode, h, Math.min(...times).toFixed(0), 'ms');
  }
  await page.closeAll?.();
  await server.close();
}
await browser.close();
