// Starts web/serve.mjs on a free port for the site tests; resolves {url, stop}.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export function startServer({ isolation = true } = {}) {
  return new Promise((resolve, reject) => {
    let child = spawn(process.execPath, ['web/serve.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', QUIET: '1', ISOLATION: isolation ? '1' : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let timer = setTimeout(() => {
      child.kill();
      reject(new Error(`dev server did not start: ${out}`));
    }, 15000);
    child.stdout.on('data', (d) => {
      out += d;
      let m = /Serving at (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], stop: () => child.kill() });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`dev server exited (${code}): ${out}`));
    });
  });
}
