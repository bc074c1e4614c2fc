// The door's sync worker's script: it loads the engine (engine-main.ts) by a dynamic import and
// holds the page's messages until the engine listens, then hands them on in their order. The
// engine is loaded this way for Chromium's code cache: a script a worker fetches as a `script`
// (a dynamic import) is given the compiled code kept beside the service worker's cached copy,
// while the worker's own script and its static imports are fetched as `worker` and compiled
// afresh at every start (8-15 ms on the bench's host, about 0.1 s on the low-tier phone). This
// file and hold-messages.ts stay a few lines: they are the part compiled each time. A failed
// import fails the script, which the page sees as the worker's error event, as any worker that
// cannot load.
import { holdMessagesWhile } from './hold-messages';

await holdMessagesWhile(self, () => import('./engine-main'));
