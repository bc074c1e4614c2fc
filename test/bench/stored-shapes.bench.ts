// Which stored shape gives a keyed read of a ticket by its code: 100,000 tickets in
// real IndexedDB (headless Chromium, persistent profile), written as the first download writes
// them, then read cold (a fresh browser on the same profile) for one code. Shapes: pages only
// (today: the whole list read before a verdict), pages with a multi-entry code index, per-ticket
// rows with two indexes, pages plus one binary hash -> page index. See browser-shapes/.
//
// 2026-11-24 23:04-23:08 UTC, shared 2-core machine, load average 8 to 13 (noisy):
//   write 100 pages:   pages 7.04 s, code-index (multi-entry) 20.40 s, rows 41.85 s, binary 4.22 s
//   cold keyed read:   pages 2017 ms (whole list), code-index 326 ms, rows 213 ms, binary 135 ms
//   same, page x4:     pages 6683 ms, code-index 460 ms, rows 332 ms, binary 536 ms
// The binary shape costs the download nothing measurable and gains as much as the others at a
// cold start; the app stores it per page (src/db/page-codes.ts) so a half-finished download
// and a resumed one need no separate step.
//
// 2026-11-25 17:37 UTC, load about 2: binary-json (each page's items kept as their JSON text)
// against binary: write 0.78 s against 1.28 s, cold keyed read 39.8 against 35.9 ms, and 129.5
// against 104.5 ms at page x4. JSON text would take about a sixth off a first download's worker
// time but slow every keyed read after a restart, the figure further from its target,
// so pages keep their items as objects.
//
// 2026-11-27 15:16 UTC, load about 2: binary-split (each page as four rows of 250 tickets, so no
// row is over the 64 KB above which Chromium keeps a value as a file of its own; a stored ticket
// page is one such file of about 95 KB) against binary: write 0.80 against 0.77 s, cold keyed
// read 34.7 against 41.2 ms, 109.9 against 89.5 ms at page x4 (median of 3): no clear gain, so
// pages stay whole.
//
// The cold reads are timed twice: unthrottled, and with the page at the calibrated phone's CPU
// rate (browser/phone-calibration.ts; the notes above are at a fixed x4, before calibration).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { benchChromiumArgs } from './browser/bench-args';
import { serveBuiltPage } from './browser/built-page';
import { calibratePhone, printCalibration } from './browser/phone-calibration';

const PAGES = Number(process.env.BENCH_TICKETS ?? 100_000) / 1000;
const ALL_SHAPES = ['pages', 'code-index', 'rows', 'binary', 'binary-json', 'binary-split'] as const;
/** BENCH_SHAPES=binary,binary-split: only those. */
const SHAPES = ALL_SHAPES.filter(
  (s) => !process.env.BENCH_SHAPES || process.env.BENCH_SHAPES.split(',').includes(s),
);
const READS = 3;
type G = { bench: import('./browser-shapes/shapes-page').ShapesBench };

const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

const profile = mkdtempSync(join(tmpdir(), 'shapes-profile-'));
const built = await serveBuiltPage('test/bench/browser-shapes');
const { origin } = built;
console.log(`# load average at start: ${execFileSync('uptime').toString().trim()}`);
const phone = await calibratePhone();
printCalibration(phone);

async function inBrowser<R>(rate: number, work: (page: import('@playwright/test').Page) => Promise<R>) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: benchChromiumArgs,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(origin);
    await page.waitForFunction(() => 'bench' in globalThis);
    if (rate > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate });
    return await work(page);
  } finally {
    await context.close();
  }
}

try {
  const codes = await inBrowser(1, (page) =>
    page.evaluate(
      (n) => [7, n * 500, n * 1000 - 3].map((id) => (globalThis as unknown as G).bench.slugOf(id)),
      PAGES,
    ),
  );
  for (const shape of SHAPES) {
    const ms = await inBrowser(1, (page) =>
      page.evaluate(([s, n]) => (globalThis as unknown as G).bench.write(s, n), [shape, PAGES] as const),
    );
    line(
      `shape-write-${shape}`,
      (ms / 1000).toFixed(2),
      `s (${PAGES} pages of 1000 tickets written one after another)`,
    );
    for (const [suffix, rate] of [
      ['', 1],
      ['-phone', phone.pageRate],
    ] as const) {
      const times: number[] = [];
      for (const code of codes.slice(0, READS)) {
        const read = await inBrowser(rate, (page) =>
          page.evaluate(([s, c]) => (globalThis as unknown as G).bench.coldRead(s, c), [
            shape,
            code,
          ] as const),
        );
        if (read.found === null) throw new Error(`${shape}: ${code} not found`);
        times.push(read.ms);
      }
      line(
        `shape-cold-read-${shape}${suffix}`,
        median(times).toFixed(1),
        `ms (fresh browser: open the database, find one ticket by code; median of ${READS}${suffix ? `; the phone's page, CPU x${rate}` : ''})`,
      );
    }
  }
  const du = execFileSync('du', ['-sk', join(profile, 'Default', 'IndexedDB')])
    .toString()
    .split('\t')[0];
  console.log(`# IndexedDB folder for all shapes: ${(Number(du) / 1024).toFixed(0)} MB`);
  console.log(`# load average at end: ${execFileSync('uptime').toString().trim()}`);
} finally {
  built.close();
  rmSync(profile, { recursive: true, force: true });
}
