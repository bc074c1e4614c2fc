import { defineConfig } from 'vitest/config';
import { linguiCatalogues } from './scripts/lingui-catalogues';

export default defineConfig({
  // The message catalogues compile as in the app's build.
  plugins: [linguiCatalogues()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['test/setup.ts'],
    testTimeout: 20_000,
  },
});
