// The bench's Chromium flags: the tests' own, and with BENCH_JS_FLAGS flags for V8 (to run the
// door on an engine tuned otherwise, as another machine's would be: a diagnosis, not a figure).
//
// Also the DevTools network agent's buffers of the bench's browsers, set to nothing: Playwright
// enables that agent on the page and on each of its workers (the door's offline restarts need
// it there: a worker's requests fail offline only where the agent is on), and by default the
// agent keeps a copy of every answer's body for `Network.getResponseBody`. In a first download
// that is each of the sync worker's 265 answers copied into fresh memory on its own thread, a
// third of the worker's first touches of a page and work no phone does (patches/README.md).
// PLAYWRIGHT_NETWORK_BUFFER_SIZE (read by the patched Playwright at each session it attaches)
// set to an empty string before a bench keeps Playwright's default, to compare.
import { chromiumArgs } from '../../../e2e/fixtures/browser';

process.env.PLAYWRIGHT_NETWORK_BUFFER_SIZE ??= '0';

export const benchChromiumArgs = [
  ...chromiumArgs,
  ...(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : []),
];
