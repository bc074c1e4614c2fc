// Keeps a chosen language's message chunks for offline use. The service worker caches them
// as they are fetched (vite.config.ts, runtimeCaching), but on the very first visit no
// worker controls the page yet, so the page puts the chunks it loaded into the same cache.
export const LANGUAGE_CACHE = 'i18n-chunks';

const CHUNK = /\/assets\/i18n\.[a-z]+\.([a-z]{2})\.[^/]+\.js$/;

export async function keepLanguageOffline(locale: string): Promise<void> {
  if (!import.meta.env.PROD || !('caches' in globalThis) || !('serviceWorker' in navigator)) return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => CHUNK.exec(new URL(url).pathname)?.[1] === locale);
  try {
    const cache = await caches.open(LANGUAGE_CACHE);
    for (const url of urls) if (!(await cache.match(url))) await cache.add(url);
  } catch {
    // Storage refused (private window, quota): the language still works while online.
  }
}
