// Where a join's time goes, on one time line: a fresh door joins the 100,000-ticket list and
// the status line's data words are read every 100 ms, so the download's pace and the moment
// "Synced" appears can be told apart. Diagnostic, not a bench figure:
//   node --import tsx test/bench/join-timeline.ts
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import { killHard } from '../server/server-process';
import { buildAndServe, openDoorBrowser } from './browser/bench-build';
import { startProfile, stopProfile } from './browser/cpu-profile';
import { summariseTrace, traceOf } from './browser/trace-summary';
import { workerDevtools } from './browser/worker-devtools';
import { choosePasscodeIfAsked } from './browser/door-passcode';
import { chromiumThreadTimes, threadKindsBetween } from './browser/thread-times';

/** User and system CPU time of a process so far (Linux), in ms. */
function serverCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const WORK = process.env.WORK ?? mkdtempSync(join(tmpdir(), 'join-timeline-'));
const server = await buildAndServe(WORK, TICKETS);
try {
  const { context, page } = await openDoorBrowser(
    mkdtempSync(join(tmpdir(), 'join-tl-profile-')),
    server.origin,
    'Timeline door',
  );
  await page.goto('/');
  await page.getByLabel('Check-in list slug or address').fill(DEMO_CHECKIN_LIST);
  // BENCH_PROFILE=folder: the page's and the worker's profiles over the join.
  const folder = process.env.BENCH_PROFILE;
  const cdp = folder ? await context.newCDPSession(page) : null;
  const worker = cdp ? await workerDevtools(cdp) : null;
  if (cdp && worker) {
    await startProfile(cdp);
    await startProfile(worker);
  }
  // BENCH_TRACE=file: a Chromium trace of the join, written there and summed by thread and event.
  const traceFile = process.env.BENCH_TRACE;
  const trace = traceFile ? await traceOf(context, page) : null;
  const serverCpuAtStart = serverCpuMs(server.child.pid);
  const threadsAtStart = chromiumThreadTimes();
  await page.getByRole('button', { name: 'Join list' }).click();
  const started = await choosePasscodeIfAsked(page, Date.now());
  let last = '';
  for (;;) {
    const words = await page
      .getByTestId('last-sync')
      .first()
      .textContent({ timeout: 100 })
      .catch(() => '(none)');
    const progress = await page
      .getByTestId('progress')
      .first()
      .textContent({ timeout: 100 })
      .catch(() => '');
    const now = `${words} | ${progress}`;
    if (now !== last) console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${now}`);
    last = now;
    if (words?.includes('Synced')) break;
    if (Date.now() - started > 120_000) break;
    await page.waitForTimeout(100);
  }
  console.log(`# the server's CPU over the join: ${serverCpuMs(server.child.pid) - serverCpuAtStart} ms`);
  console.log(
    [
      "# Chromium's threads over the join, by name:",
      ...threadKindsBetween(threadsAtStart, chromiumThreadTimes()),
    ].join('\n'),
  );
  if (trace) {
    const events = await trace.stop();
    writeFileSync(traceFile!, JSON.stringify(events));
    console.log(summariseTrace(events));
  }
  if (cdp && worker && folder) {
    console.log(await stopProfile(worker, folder, 'join-worker'));
    console.log(await stopProfile(cdp, folder, 'join-page'));
  }
  await context.close();
} finally {
  await killHard(server);
}
