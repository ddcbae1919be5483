/// <reference lib="dom" />

// What a reload needs while the network is gone: the page and its files (Cache API, served by
// the service worker) and the match's events as last seen (IndexedDB, beside the outbox).
const CACHE = 'cue-ledger-console';

export async function keepPageOffline(): Promise<void> {
  if (!('serviceWorker' in navigator) || !('caches' in globalThis)) return;
  await navigator.serviceWorker.register('/console-worker.js', { scope: '/score/' });
  const assets = document.querySelector<HTMLScriptElement>('script[data-assets]')!.dataset.assets;
  const files = ['console.js', 'console.css', 'controls.css', 'icon.svg', 'graphql-ws.min.js'];
  const cache = await caches.open(CACHE);
  await cache.addAll([location.pathname, ...files.map((f) => `${assets}/${f}`)]);
}
