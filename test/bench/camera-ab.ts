// Two builds' camera verdicts side by side (a diagnostic, not a figure of its own): each build
// served by its own server with its own joined door, then camera runs of the two in turn (A B,
// B A, ...), online, each a fresh start of the door on its profile with a fake camera showing a
// ticket's code, traced and simulated as the phone bench's camera figure is (phone-door.ts,
// phone-sim.ts: first video frame to the verdict on screen) against one host score, so a change
// of a tenth is not lost in the host's drift between two bench runs. Prints each build's runs on
// both phones, the page's and the workers' CPU time a run on this host (the decoder's and the sync
// engine's together), and B / A.
//   DIST_A=<dist> DIST_B=<dist> BENCH_PORT=44510 node --import tsx test/bench/camera-ab.ts [runs]
// (uses BENCH_PORT and the port after it; build each tree with `npx vite build --outDir <dist>`)
// AB_WARM=<n>: runs of each build before those measured (not printed): Chromium keeps a script's
// code cache from its second start on and reads it from the third. AB_TASKS=1: the first
// measured run's tasks, every thread's, each build's; AB_CONSOLE=1: the page's console, the
// frames it hands the decoder and each verdict's words (a verdict that is not "Admitted" is timed
// through the service's answer, not the door's).
import { makeQrVideo } from '../../e2e/fixtures/qr-video';
import { DEMO_CHECKIN_LIST } from '../../src/mock-api/seed/demo';
import {
  abPhones,
  type Build,
  cpuIn,
  joinBuildDoor,
  openBuildDoor,
  serveBuilds,
  stopBuilds,
} from './browser/ab-builds';
import {
  cameraMarked,
  describeCameraMarks,
  describeFramesTried,
  readCameraMarks,
  watchCamera,
} from './browser/camera-marks';
import { median } from './browser/phone-calibration';
import { onPhones, tasksIn } from './browser/phone-trace';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 2_000);
const PORT = Number(process.env.BENCH_PORT ?? 48124);
const RUNS = Number(process.argv[2] ?? 6);
const WARM = Number(process.env.AB_WARM ?? 2);

interface CameraRun {
  mid: number;
  low: number;
  page: number;
  decoder: number;
}

interface Variant extends Build {
  videos: string[];
  runs: CameraRun[];
}

const variants: Variant[] = [];
try {
  for (const build of await serveBuilds(PORT, TICKETS, 'camera-ab'))
    variants.push({ ...build, videos: [], runs: [] });
  // Each build's own tickets (each server makes its own codes), the same ones of its list, one a
  // run, each shown by a video of its own.
  for (const v of variants) {
    const listUrl = `${v.server.origin}/checkin/checkin_lists/${DEMO_CHECKIN_LIST}`;
    const tickets = (await (await fetch(`${listUrl}/tickets?page=1`)).json()) as { slug: string }[];
    for (let n = 0; n < RUNS + WARM; n++) {
      const slug = tickets[(7 + n * 3) % tickets.length]!.slug;
      v.videos.push(await makeQrVideo(`camera-ab-${v.name}-${n}`, slug));
    }
  }
  for (const v of variants) await joinBuildDoor(v, TICKETS);
  const { host, phones } = await abPhones();
  console.log(
    `# host score page ${host.page.toFixed(0)} / worker ${host.worker.toFixed(0)}: mid-tier page x${phones.mid.page.toFixed(2)}, worker x${phones.mid.worker.toFixed(2)}`,
  );
  for (let run = -WARM; run < RUNS; run++) {
    const order = (run + WARM) % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      const door = await openBuildDoor(v, { video: v.videos[run + WARM]! });
      await watchCamera(door.page);
      if (process.env.AB_CONSOLE) {
        door.page.on('console', (m) => console.log(`# console ${v.name}: ${m.text()}`));
        door.page.on('pageerror', (e) => console.log(`# pageerror ${v.name}: ${e.message}`));
        door.page.on('worker', (w) => console.log(`# worker ${v.name}: ${w.url()}`));
        await door.page.addInitScript(() => {
          const post = Worker.prototype.postMessage;
          Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
            const m = message as Record<string, unknown>;
            if (m && typeof m === 'object' && ('warmUp' in m || 'video' in m || 'pixels' in m))
              console.log(
                `post ${Math.round(performance.now())} ${Object.keys(m).join(',')} ${m.width ?? ''}`,
              );
            return (post as (...args: unknown[]) => void).call(this, message, ...rest);
          };
        });
      }
      await door.page.goto('/');
      const seen = await cameraMarked(door.page, 90_000).then(
        () => true,
        () => false,
      );
      const marks = await readCameraMarks(door.page);
      if (process.env.AB_CONSOLE)
        console.log(
          `# verdict ${v.name}: ${await door.page.evaluate(() => document.querySelector('[data-testid="verdict"]')?.textContent?.slice(0, 120))}`,
        );
      const recording = await door.finish();
      await door.context.close();
      if (run < 0) continue;
      if (!seen) {
        console.log(`# run ${run} ${v.name}: no verdict within 90 s`);
        continue;
      }
      const sim = onPhones(recording, marks.firstFrame, marks.verdict, phones, undefined, marks.shown);
      // Each kind's CPU time in the stretch (the decoder is a worker).
      const cpu = (kind: string) => cpuIn(recording, kind, marks.firstFrame, marks.verdict);
      // AB_TASKS=1: every thread's tasks in the first measured run's stretch, each build's.
      if (process.env.AB_TASKS && run === 0)
        console.log(
          `# run 0 ${v.name} tasks:\n#   ${tasksIn(recording, marks.firstFrame, marks.verdict).join('\n#   ')}`,
        );
      const result = { mid: sim.mid.ms, low: sim.low.ms, page: cpu('page'), decoder: cpu('worker') };
      v.runs.push(result);
      console.log(
        `# run ${run} ${v.name}: mid ${result.mid.toFixed(0)} ms, low ${result.low.toFixed(0)} ms, page CPU ${result.page.toFixed(1)} ms, workers CPU ${result.decoder.toFixed(1)} ms (this host); ${describeCameraMarks(marks)}; ${describeFramesTried(marks)}`,
      );
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const key of ['mid', 'low', 'page', 'decoder'] as const) {
    const [a, b] = variants.map((v) => v.runs.map((r) => r[key]));
    const show = (xs: number[]) =>
      `${mean(xs).toFixed(0)} ms (median ${median(xs).toFixed(0)}; ${xs.map((x) => x.toFixed(0)).join(', ')})`;
    console.log(
      `bench camera-ab-${key}: A ${show(a!)}, B ${show(b!)}; B / A x${(mean(b!) / mean(a!)).toFixed(2)} by the means`,
    );
  }
} finally {
  await stopBuilds(variants);
}
