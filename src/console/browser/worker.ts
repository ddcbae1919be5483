// The console's service worker: when the network is gone, the page and its files come from the
// cache the page filled (see offline-cache.ts), so a reload at the table still opens the console
// with its outbox. Everything else (GraphQL above all) goes to the network untouched.
// No DOM or webworker lib here: the program's lib is the DOM's, so the worker's globals are typed
// by hand.
interface FetchEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
  addEventListener(
    type: 'install' | 'activate',
    fn: (e: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
}
declare const self: WorkerScope;

const CACHE = 'cue-ledger-console';
// A module, so its `self` is its own declaration.
export {};

self.addEventListener('install', (e) => e.waitUntil(self.skipWaiting()));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith('/score/') && !url.pathname.startsWith('/console/')) return;
  e.respondWith(
    fetch(e.request).catch(async () => {
      const hit = await (await caches.open(CACHE)).match(e.request, { ignoreSearch: true });
      if (hit) return hit;
      throw new Error('offline and not cached');
    }),
  );
});
