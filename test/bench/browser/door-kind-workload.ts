// The door's own kinds of work, as a fixed workload for the host's score (host-cpu-score.ts):
// where phone-workload.ts is one hot loop (a few hundred lines of script the engine optimises
// at once), this is what the door's threads do at a scan. On the page: React renders a verdict
// and a list of search results into the document and the browser lays them out (a large body
// of library code, each round's data different, keyed rows added and removed). In a worker:
// keyed reads in IndexedDB transactions and a message to the page and back (the browser's
// storage and its messages, through the thread's own system calls). Deterministic: the same
// rows, the same rounds; only the host decides the score.
import { build } from 'esbuild';

/** The page's part: a bundle that defines `globalThis.doorKindPage(ms)`. */
const PAGE_SOURCE = `
import { createElement as h } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
let seed = 20261204;
const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
const firsts = ['Maria', 'Jan', 'Aisha', 'Tomás', 'Eleni', 'Rob', 'Nguyễn', 'Marco', 'Anna', 'Ola'];
const lasts = ['Schmidt', 'Okafor', 'Rossi', 'Lindqvist', 'Nowak', 'García', 'Martin', 'Kim'];
const rows = Array.from({ length: 400 }, (_, id) => ({
  id,
  code: (next() % 1e8).toString(36).toUpperCase().padStart(6, '0'),
  name: firsts[next() % firsts.length] + ' ' + lasts[next() % lasts.length],
  email: 'guest' + id + '@example.org',
  product: ['Day ticket', 'Workshop', 'Speaker', 'Press'][next() % 4],
  inside: next() % 3 === 0,
}));
const verdictText = JSON.stringify({ kind: 'admitted', ticket: rows[0], checkins: [{ at: '2026-12-04T10:00:00Z', list: 1 }] });
function Verdict({ row, round }) {
  const admitted = round % 5 !== 0;
  return h('section', { className: admitted ? 'verdict ok' : 'verdict no', role: 'status' },
    h('h2', null, admitted ? 'Valid' : 'Already inside'),
    h('p', { className: 'name' }, row.name),
    h('dl', null,
      h('dt', null, 'Ticket'), h('dd', null, row.product),
      h('dt', null, 'Code'), h('dd', null, row.code),
      h('dt', null, 'Email'), h('dd', null, row.email)),
    admitted ? null : h('p', { className: 'why' }, 'Checked in at 10:0' + (round % 10)));
}
function Results({ round }) {
  const from = (round * 7) % 380;
  return h('ul', { className: 'results' }, rows.slice(from, from + 20).map((r) =>
    h('li', { key: r.id, className: r.inside ? 'in' : 'out' },
      h('span', { className: 'n' }, r.name), ' ', h('code', null, r.code), r.inside ? h('em', null, ' inside') : null)));
}
function Screen({ round }) {
  const message = JSON.parse(verdictText);
  return h('main', { style: { width: round % 2 ? '390px' : '360px' } },
    h(Verdict, { row: rows[(round * 13 + message.ticket.id) % rows.length], round }), h(Results, { round }));
}
const box = document.createElement('div');
box.style.cssText = 'position:absolute;left:0;top:0;font:16px system-ui,sans-serif';
document.body.append(box);
const root = createRoot(box);
globalThis.doorKindPage = (ms) => {
  let rounds = 0, check = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    flushSync(() => root.render(h(Screen, { round: rounds })));
    check += box.offsetHeight;
    rounds++;
    now = performance.now();
  }
  return { rounds, check, score: (rounds * 1000) / (now - start) };
};
`;

/** The worker's part: a script that defines `doorKindWorker(ms)` (async). */
export const WORKER_SOURCE = `
const opened = new Promise((resolve, reject) => {
  indexedDB.deleteDatabase('door-kind');
  const open = indexedDB.open('door-kind', 1);
  open.onupgradeneeded = () => {
    const store = open.result.createObjectStore('tickets', { keyPath: 'code' });
    for (let i = 0; i < 2000; i++)
      store.put({ code: 'C' + i, name: 'Guest ' + i, email: 'guest' + i + '@example.org', state: 'paid', checkins: i % 3 ? [] : [{ at: '2026-12-04T10:00:00Z' }] });
  };
  open.onsuccess = () => resolve(open.result);
  open.onerror = () => reject(open.error);
});
const get = (store, key) => new Promise((resolve, reject) => {
  const r = store.get(key);
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});
let echo = null;
self.onmessage = (e) => { if (e.data && e.data.echo) echo?.(e.data); };
self.doorKindWorker = async (ms) => {
  const db = await opened;
  let rounds = 0, check = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    const store = db.transaction('tickets', 'readonly').objectStore('tickets');
    const n = (rounds * 37) % 2000;
    const [a, b, c] = await Promise.all([get(store, 'C' + n), get(store, 'C' + ((n + 1) % 2000)), get(store, 'C' + ((n + 2) % 2000))]);
    const back = new Promise((resolve) => { echo = resolve; });
    postMessage({ verdict: { kind: a.checkins.length ? 'inside' : 'admitted', ticket: a, near: [b, c] } });
    check += (await back).echo;
    rounds++;
    now = performance.now();
  }
  return { rounds, check, score: (rounds * 1000) / (now - start) };
};
`;

/** The page's script besides the bundle: echoes the worker's messages back. */
export const PAGE_ECHO = `globalThis.echoWorker = (w) => { w.onmessage = (e) => w.postMessage({ echo: Number(e.data.verdict.ticket.code.slice(1)) + 1 }); };`;

let bundled: Promise<string> | undefined;
/** The page's part bundled with React from node_modules, minified as the app's build is. */
export function doorKindPageBundle(): Promise<string> {
  bundled ??= build({
    stdin: { contents: PAGE_SOURCE, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).then((r) => r.outputFiles[0]!.text);
  return bundled;
}
