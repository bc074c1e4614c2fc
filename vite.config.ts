import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/compile-hints.ts';
import { linguiCatalogues } from './scripts/lingui-catalogues.ts';
import { preloadApp } from './scripts/preload-app.ts';
import { preloadWith } from './scripts/preload-with.ts';
import { LANGUAGE_CACHE } from './src/pwa/keep-language.ts';
import { LOCALES, SOURCE_LOCALE } from './src/domain/locales.ts';

// Paths the service worker must never answer from its cache: they belong to the mock
// service (same origin under `npm start`) and must always reach the network.
const apiPaths = [/^\/v3(\/|$)/, /^\/checkin(\/|$)/, /^\/__mock(\/|$)/, /^\/__service(\/|$)/];

// Message catalogues: one chunk per area and language, named assets/i18n.<area>.<locale>.<hash>.js
// (dots: a hash never holds one) so the service worker can tell them apart.
const CATALOGUE = /\/src\/ui\/i18n\/messages\/(door|organiser)\/([a-z]{2})\.json$/;
const otherLocales = LOCALES.filter((locale) => locale !== SOURCE_LOCALE).join(',');

// The preload lists of lazy imports: the camera's module is fetched with the camera view's chunk
// (run only when the camera starts), and no list names a chunk its importer has already loaded
// (scripts/preload-with.ts).
const cameraPreload = preloadWith([
  { host: /\/src\/ui\/door\/CameraView\.tsx$/, also: /\/src\/scanner\/camera\.ts$/ },
]);

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0'),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  plugins: [
    // React's automatic JSX runtime (through Vite's own oxc transform) and, under `npm run dev`,
    // Fast Refresh.
    react(),
    linguiCatalogues(),
    // The chunks a door's start runs, compiled whole when they load (scripts/compile-hints.ts).
    compileHints([/\/src\/app-main\.tsx$/]),
    cameraPreload.plugin,
    // The app's chunks named in the HTML, fetched beside the first module (scripts/preload-app.ts).
    preloadApp(/\/src\/app-main\.tsx$/),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Venue Check-in',
        short_name: 'Check-in',
        description: 'Check tickets in at the door, online or offline.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#0b0f14',
        theme_color: '#0b0f14',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only: API answers live in IndexedDB, never in the SW caches.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // English, the fallback, is precached with the shell; another language is cached the
        // first time it is chosen (runtimeCaching below, and src/pwa/keep-language.ts when no
        // worker controlled the page yet), so a device downloads only the languages it uses.
        globIgnores: [`**/i18n.*.{${otherLocales}}.*.js`],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: apiPaths,
        runtimeCaching: [
          {
            // Hashed file names: a cached chunk never goes stale, so cache first.
            urlPattern: /\/assets\/i18n\.[a-z]+\.[a-z]{2}\.[^/]+\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: LANGUAGE_CACHE, expiration: { maxEntries: 24 } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
      devOptions: { enabled: false },
    }),
  ],
  // Workers as ES modules (both are created with `type: 'module'`): the sync worker loads its
  // engine as a chunk of its own by a dynamic import (src/sync/engine/engine-worker.ts), and that
  // chunk is compiled whole when it loads, so its code cache holds all it runs.
  worker: {
    format: 'es',
    plugins: () => [compileHints([/\/src\/sync\/engine\/engine-main\.ts$/], { entries: false })],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    modulePreload: { resolveDependencies: cameraPreload.resolveDependencies },
    rollupOptions: {
      // @zxing/library's and @zxing/browser's modules only define classes, but their indexes
      // re-export every format's reader and writer and the bundler cannot tell that they have no
      // side effects: the camera's chunk (@zxing/browser's camera half) would carry the whole
      // library (about 450 KB) onto the page. Said here, only the classes used come along
      // (about 55 KB, 15 KB gzipped).
      treeshake: {
        moduleSideEffects: (id: string) => !/\/node_modules\/@zxing\/(library|browser)\//.test(id),
      },
      output: {
        chunkFileNames: (chunk) => {
          const catalogue = chunk.facadeModuleId?.match(CATALOGUE);
          return catalogue
            ? `assets/i18n.${catalogue[1]}.${catalogue[2]}.[hash].js`
            : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: { port: 5173 },
});
