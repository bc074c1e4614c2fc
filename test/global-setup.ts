// Runs once in Vitest's main process before any test file: the server is bundled for the tests'
// child processes (test/server/server-bundle.ts), and again before each rerun in watch mode so a
// child never runs an older build than the source.
import type { TestProject } from 'vitest/node';
import { SERVER_BUNDLE_ENV, buildServerBundle } from './server/server-bundle';

export default async function setup(project: TestProject) {
  process.env[SERVER_BUNDLE_ENV] = await buildServerBundle();
  // Rebuilt in place: the path the workers were given stays the same.
  project.onTestsRerun(async () => {
    await buildServerBundle();
  });
}
