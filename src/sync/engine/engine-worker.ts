// The door's sync worker's script: it loads the engine (engine-main.ts) by a dynamic import and
// holds the page's messages until the engine listens, then hands them on in their order. The
// engine is loaded this way for Chromium's code cache: a script a worker fetches as a `script`
// (a dynamic import) is given the compiled code kept beside the service worker's cached copy,
// while the worker's own script and its static imports are fetched as `worker` and compiled
// afresh at every start (8-15 ms on the bench's host, about 0.1 s on the low-tier phone). This file stays
// a few lines: it is the one part compiled each time. A failed import fails the script, which
// the page sees as the worker's error event, as any worker that cannot load.
const held: MessageEvent[] = [];
const hold = (event: MessageEvent) => {
  held.push(event);
};
addEventListener('message', hold);
try {
  await import('./engine-main');
} finally {
  removeEventListener('message', hold);
}
for (const event of held)
  dispatchEvent(new MessageEvent('message', { data: event.data, ports: [...event.ports] }));

// A module (the worker is created with `type: 'module'`), for the top-level await above.
export {};
