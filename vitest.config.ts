import { defineConfig } from 'vitest/config';
import { linguiCatalogues } from './scripts/lingui-catalogues.ts';

export default defineConfig({
  // The message catalogues compile as in the app's build.
  plugins: [linguiCatalogues()],
  // Components render on React, as in the build: JSX compiles to React's automatic runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    // Bundles the server once for the child processes tests start (test/server/server-bundle.ts).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Vitest's default on two cores is one worker (cores - 1), leaving a core to its main process,
    // which mostly waits; many files wait on child servers and real sockets, so two workers use
    // both cores. Files stay isolated (each its own fork) and use free ports.
    maxWorkers: 2,
  },
});
