// The fixed workload the phone is calibrated on (phone-calibration.ts): the kinds of work the
// door does, in one self-contained function so it runs as it is in a page, in a worker or in
// the app's own page and sync worker mid-bench. Deterministic: the same ticket page (a seeded
// generator, no Math.random), the same rounds, the same DOM; only the host's speed varies.
//
// One round is: JSON.parse of a page of 300 tickets (~70 KB, the shape the service sends),
// the page mapped into rows and a Map by code (object churn, as a page's decode and its index
// do), searches and code normalisation over the rows (string work, as the search and the wedge
// do), a sort and a JSON.stringify of part of it (a write); on the page also 40 rows put in a
// phone-wide box and laid out twice at two widths (style and layout, as a verdict and a list
// do). The score is rounds per second over a fixed time: higher is faster.

/**
 * Runs rounds for `ms` milliseconds and returns the score (rounds per second). `dom`: the
 * page's part too (only where there is a document). Must not close over anything: it is sent
 * as source text (workloadExpression).
 */
export function phoneWorkload(
  ms: number,
  dom: boolean,
): { score: number; rounds: number; check: number; elapsedMs: number } {
  // Setup, not timed: the ticket page as the service would send it.
  let seed = 20261128;
  const next = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed;
  };
  const words = ['Maria', 'Jan', 'Aisha', 'Tomás', 'Eleni', 'Rob', 'Nguyễn', 'Marco', 'Anna', 'Ola'];
  const lasts = ['Schmidt', 'Okafor', 'Rossi', 'Lindqvist', 'Nowak', 'García', 'Martin', 'Kim'];
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const tickets = [];
  for (let id = 1; id <= 300; id++) {
    let slug = '';
    for (let c = 0; c < 8; c++) slug += alphabet[next() % alphabet.length];
    const first = words[next() % words.length]!;
    const last = lasts[next() % lasts.length]!;
    tickets.push({
      id,
      slug: `${slug.slice(0, 4)}-${slug.slice(4)}`,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}${id}@example.org`,
      company: next() % 3 === 0 ? `${last} & Partners` : null,
      state: next() % 20 === 0 ? 'void' : 'valid',
      paid: next() % 10 !== 0,
      price: (next() % 20000) / 100,
      updated_at: new Date(Date.UTC(2026, 10, 1) + (next() % 86_400_000)).toISOString(),
      checkins: Array.from({ length: next() % 3 }, (_, n) => ({
        uuid: `${next().toString(16)}-${n}`,
        type: n % 2 === 0 ? 'entry' : 'exit',
        created_at: '2026-11-28T18:00:00.000Z',
      })),
    });
  }
  const text = JSON.stringify({ count: tickets.length, next: null, results: tickets });
  const queries = ['ma', 'an', 'el', 'ro', 'kim', 'partners'];
  let box: HTMLElement | null = null;
  if (dom) {
    box = document.createElement('div');
    box.style.cssText = 'position:absolute;left:-10000px;top:0;width:390px;font:16px system-ui,sans-serif';
    document.body.append(box);
  }
  let check = 0;
  let rounds = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    const page = JSON.parse(text) as { results: typeof tickets };
    const rows = page.results.map((t) => ({
      id: t.id,
      slug: t.slug,
      name: `${t.first_name} ${t.last_name}`,
      key: `${t.first_name} ${t.last_name} ${t.email} ${t.company ?? ''}`.toLowerCase().normalize('NFKD'),
      admits: t.state === 'valid' && t.paid && t.checkins.length % 2 === 0,
      inside: t.checkins.length % 2 === 1,
    }));
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const q of queries) check += rows.filter((r) => r.key.includes(q)).length;
    for (const r of rows) {
      const typed = r.slug.toLowerCase().replace(/[^a-z0-9]/g, '');
      const code = `${typed.slice(0, 4)}-${typed.slice(4)}`.toUpperCase();
      if (bySlug.get(code)?.admits) check++;
      check += r.key.split(' ').length;
    }
    const sorted = [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    check += JSON.stringify(sorted.slice(0, 100)).length;
    if (box) {
      box.textContent = '';
      for (const r of sorted.slice(rounds % 200, (rounds % 200) + 40)) {
        const row = document.createElement('div');
        row.className = r.inside ? 'inside' : 'out';
        row.style.padding = '4px 8px';
        row.textContent = `${r.name} · ${r.slug}`;
        box.append(row);
      }
      box.style.width = '390px';
      check += box.offsetHeight;
      box.style.width = '300px';
      check += box.offsetHeight;
    }
    rounds++;
    now = performance.now();
  }
  box?.remove();
  return { score: (rounds * 1000) / (now - start), rounds, check, elapsedMs: now - start };
}

/**
 * The workload as an expression for `page.evaluate` / `worker.evaluate` (sent as text: tsx's
 * function-naming helper does not exist in the page or the worker, so it is defined first).
 */
export const workloadExpression = (ms: number, dom: boolean) =>
  `(globalThis.__name ??= (f) => f, (${phoneWorkload.toString()})(${ms}, ${dom}))`;
