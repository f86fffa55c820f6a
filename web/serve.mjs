#!/usr/bin/env node
// Glasshand's dev server: serves the repository root (index.html at /) on 127.0.0.1 with the
// headers that make the page cross-origin isolated, so the threaded wasm build can run.
//
//   node web/serve.mjs                 # PORT defaults to 8000; PORT=0 picks a free port
//   PORT=8123 node web/serve.mjs
//   ISOLATION=0 node web/serve.mjs     # no COOP/COEP, as GitHub Pages: see coi-sw.js
//   node web/serve.mjs --no-isolation  # same as ISOLATION=0
//
//   CDN=1 SERVE_ROOT=dir node web/serve.mjs   # serves dir as a CDN would (the package's tests)
//
// Prints exactly one line `Serving at http://127.0.0.1:PORT/` once it listens.
// No npm dependencies: only node's standard library.
import { createServer } from 'node:http';
import { createReadStream, promises as fs } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(process.env.SERVE_ROOT || fileURLToPath(new URL('..', import.meta.url)));
// CDN=1 answers as a CDN such as jsDelivr does: any origin may read and embed every file
// (Access-Control-Allow-Origin: *, Cross-Origin-Resource-Policy: cross-origin), no COOP/COEP.
const cdn = ['1', 'true', 'yes', 'on'].includes(String(process.env.CDN ?? '').toLowerCase());
const HOST = '127.0.0.1';
const port = Number.parseInt(process.env.PORT ?? '8000', 10);
const isolation = !(process.argv.includes('--no-isolation')
  || ['0', 'false', 'no', 'off'].includes(String(process.env.ISOLATION ?? '1').toLowerCase()));
const quiet = process.argv.includes('--quiet') || process.env.QUIET === '1';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.ts': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};

// Paths never served, whatever the request: the repository's internals and build trees.
// The repository's own build and tool folders; another SERVE_ROOT (a scratch project) is served whole.
const HIDDEN = process.env.SERVE_ROOT ? [] : [/^\.git(\/|$)/, /^target(\/|$)/, /(^|\/)node_modules(\/|$)/, /^\.cargo(\/|$)/];

function headersFor(type) {
  const h = {
    'Content-Type': type,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // CORP on every asset: required for subresources of a COEP require-corp page, harmless otherwise.
    'Cross-Origin-Resource-Policy': cdn ? 'cross-origin' : 'same-origin',
  };
  if (cdn) h['Access-Control-Allow-Origin'] = '*';
  else if (isolation) {
    h['Cross-Origin-Opener-Policy'] = 'same-origin';
    h['Cross-Origin-Embedder-Policy'] = 'require-corp';
  }
  return h;
}

function send(res, status, text) {
  res.writeHead(status, headersFor('text/plain; charset=utf-8'));
  res.end(text);
}

async function handle(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(res, 405, 'method not allowed\n');
    return;
  }
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url, `http://${HOST}`).pathname);
  } catch {
    send(res, 400, 'bad request\n');
    return;
  }
  const rel = normalize(pathname).replace(/^([/\\])+/, '');
  if (rel.split(/[/\\]/).includes('..') || HIDDEN.some((re) => re.test(rel.replaceAll('\\', '/')))) {
    send(res, 404, 'not found\n');
    return;
  }
  let file = join(ROOT, rel);
  if (file !== ROOT && !file.startsWith(ROOT + sep)) {
    send(res, 404, 'not found\n');
    return;
  }
  let stat;
  try {
    stat = await fs.stat(file);
    if (stat.isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { ...headersFor('text/plain; charset=utf-8'), Location: `${pathname}/` });
        res.end();
        return;
      }
      file = join(file, 'index.html');
      stat = await fs.stat(file);
    }
  } catch {
    send(res, 404, 'not found\n');
    return;
  }
  const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, { ...headersFor(type), 'Content-Length': stat.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}

const server = createServer((req, res) => {
  handle(req, res).catch((err) => {
    if (!res.headersSent) send(res, 500, 'internal error\n');
    else res.destroy();
    console.error(err);
  });
  if (!quiet) {
    res.on('finish', () => console.error(`${res.statusCode} ${req.method} ${req.url}`));
  }
});

server.listen(Number.isFinite(port) ? port : 8000, HOST, () => {
  console.log(`Serving at http://${HOST}:${server.address().port}/`);
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
