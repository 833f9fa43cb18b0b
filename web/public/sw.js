// The service worker: keeps the page's own files and the engine for play on this device (never
// the game: the WebSocket, /tables/... and anything else pass straight through), so the installed
// app opens and plays a game on this device without the network. Network first, the cache when
// the network fails: a new build is seen at once.
const CACHE = 'inbetween-page-v3';
const PAGE = ['./', 'index.html', 'app.js', 'app.css', 'lobby.css', 'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png', 'favicon.ico'];
// The engine (web/build.mjs copies it in): kept when the build has it, the page works without.
const ENGINE = ['local-worker.js', 'inbetween-engine.js', 'inbetween-engine.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(CACHE)
      .then((c) => c.addAll(PAGE).then(() => Promise.all(ENGINE.map((f) => c.add(f).catch(() => undefined)))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()),
  );
});

function isPageFile(url) {
  if (url.origin !== self.location.origin) return false;
  const path = url.pathname.replace(/^.*\//, '');
  return url.pathname.endsWith('/') || PAGE.includes(path) || ENGINE.includes(path);
}

self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || !isPageFile(url)) return; // the game state is never cached
  e.respondWith(
    fetch(e.request)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return res;
      })
      .catch(() => caches.match(e.request).then((hit) => hit ?? caches.match('./'))),
  );
});
