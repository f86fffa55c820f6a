// The one solver of a page (a `Glasshand` of web/glasshand.js: one worker, one wasm
// instance), shared by every <glasshand-deal> and started by the first that needs it. The
// engine's files are found next to this module, wherever it is served from (the site, a
// copy on a blog's host, or a CDN: see Glasshand's worker start).

const ENGINE_URL = new URL('../glasshand.js', import.meta.url);

let shared = null;

/**
 * The page's solver, started on first use. Host pages may use it too:
 * `import { sharedSolver } from '…/glasshand-widget.js'` (queue your jobs).
 */
export function sharedSolver() {
  if (!shared) {
    shared = import(ENGINE_URL.href).then((m) => m.Glasshand.create());
    // A failed start is reported by each widget; let a later widget try again.
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}
