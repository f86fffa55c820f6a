// Launches Debian's Chromium through playwright-core with the flags the project uses.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { chromium } = require('../../../web/node_modules/playwright-core');

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);

export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-quic', '--disable-sync',
    ],
  });
}
