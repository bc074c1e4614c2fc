// The bench's Chromium flags: the tests' own, and with BENCH_JS_FLAGS flags for V8 (to run the
// door on an engine tuned otherwise, as another machine's would be: a diagnosis, not a figure).
import { chromiumArgs } from '../../../e2e/fixtures/browser';

export const benchChromiumArgs = [
  ...chromiumArgs,
  ...(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : []),
];
