// Cross-origin isolation for the site on hosts that cannot send COOP/COEP (GitHub Pages), so
// that the threaded build runs there too. One file, two roles:
// - loaded by index.html as a classic <script>, it registers itself as the service worker and
//   reloads the page once, unless the page is already isolated;
// - as that service worker, it re-serves every same-origin response with COOP and COEP.
// It sits at the site's root because a service worker only controls pages at or below its own
// path (GitHub Pages cannot send Service-Worker-Allowed). Only the site loads it: the widget
// never registers a service worker on someone else's page.

const RELOADED = 'glasshand-coi-reloaded';

if (typeof window === 'undefined') {
  // Take over the open page at once, so that its reload comes through here.
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (new URL(request.url).origin !== self.location.origin) return;
    event.respondWith(withIsolationHeaders(request));
  });
} else {
  registerOnce();
}

async function withIsolationHeaders(request) {
  const response = await fetch(request);
  // An opaque redirect (a navigation's) cannot be copied; the browser follows it through here.
  if (response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function registerOnce() {
  let storage;
  try {
    storage = window.sessionStorage;
  } catch {
    return; // no storage, no guard against reloading forever: stay on one thread
  }
  if (window.crossOriginIsolated) {
    storage.removeItem(RELOADED);
    return;
  }
  // Reloaded once already and still not isolated (a hard reload bypasses the worker, or the
  // browser ignores it): the page runs on one thread rather than reloading again.
  if (!window.isSecureContext || !navigator.serviceWorker || storage.getItem(RELOADED)) return;
  const reload = () => {
    storage.setItem(RELOADED, '1');
    window.location.reload();
  };
  navigator.serviceWorker.register(document.currentScript.src).then(
    (registration) => {
      // Active already (this page came past it, by a hard reload): a plain reload goes through it.
      if (navigator.serviceWorker.controller || registration?.active) reload();
      else navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
    },
    (error) => console.warn(`Glasshand runs on one thread: no service worker (${error.message})`),
  );
}
