// The camera's QR decoder (@zxing/library as patched: patches/README.md) on ticket codes, in
// Node: how many clean codes it cannot read, how many photographed ones it reads, and its time
// per frame. Random secrets each run (the platform's generator), so a rare unreadable code shows.
// Then the camera's own read (src/scanner/read-code.ts: the global binarizer, the hybrid one where
// that reads nothing) against the hybrid binarizer alone on harder frames: small, photographed,
// dim, in a shadow, with a glare, light on dark.
import { randomInt } from 'node:crypto';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import { readCode } from '../../src/scanner/read-code';
import {
  cleanCode,
  dimmed,
  type Frame,
  glared,
  inverted,
  photographedCode,
  readQr,
  seeded,
  shadowed,
  ticketSecrets,
} from '../fixtures/qr-frames';

const CLEAN = Number(process.env.BENCH_QR_CLEAN ?? 2000);
const PHOTOGRAPHED = Number(process.env.BENCH_QR_PHOTOGRAPHED ?? 600);
const HARD = Number(process.env.BENCH_QR_HARD ?? 300);
const random = () => randomInt(2 ** 31) / 2 ** 31;
const line = (name: string, value: string, unit: string) => console.log(`bench ${name}: ${value} ${unit}`);

const times: number[] = [];
const timedRead = (frame: Frame) => {
  const start = performance.now();
  const text = readQr(frame);
  times.push(performance.now() - start);
  return text;
};

const unread = ticketSecrets(CLEAN, random).filter(
  (secret) => timedRead(cleanCode(secret, 3 + random() * 7, random() * 20)) !== secret,
);
line('qr-decoder-clean-unread', `${unread.length} of ${CLEAN}`, 'codes (3-10 px a module; target 0)');
for (const secret of unread) console.log(`# unread: ${secret}`);

const photographedRandom = seeded(7);
const read = ticketSecrets(PHOTOGRAPHED, seeded(8)).filter(
  (secret) => timedRead(photographedCode(secret, photographedRandom)) === secret,
).length;
line(
  'qr-decoder-photographed-read',
  `${read} of ${PHOTOGRAPHED}`,
  'codes (tilted, skewed, soft, noisy; seed 7)',
);

times.sort((a, b) => a - b);
line('qr-decoder-median', times[Math.floor(times.length / 2)]!.toFixed(2), 'ms a frame (Node, unthrottled)');

// The camera's read against the hybrid binarizer alone, on the same frames (fixed seeds).
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const hard = seeded(99);
const kinds: [string, string, (secret: string) => Frame][] = [
  ['small', '2-3.5 px a module', (secret) => cleanCode(secret, 2 + hard() * 1.5, hard() * 20)],
  ['photographed', 'tilted, skewed, soft, noisy', (secret) => photographedCode(secret, hard)],
  ['dim', 'photographed, luminance 90-154', (secret) => dimmed(photographedCode(secret, hard))],
  ['shadow', 'lit from one side', (secret) => shadowed(cleanCode(secret, 4 + hard() * 5, hard() * 10))],
  ['glare', 'photographed, a bright spot', (secret) => glared(photographedCode(secret, hard), hard)],
  ['inverted', 'photographed, light on dark', (secret) => inverted(photographedCode(secret, hard))],
];
const cameraTimes: number[] = [];
const hybridTimes: number[] = [];
for (const [kind, what, make] of kinds) {
  let camera = 0;
  let hybrid = 0;
  let lost = 0;
  const light = kind === 'inverted';
  for (const secret of ticketSecrets(HARD, seeded(kind.length * 7))) {
    const { pixels, width, height } = make(secret);
    let start = performance.now();
    const alone = readCode(pixels, width, height, light, [HybridBinarizer]) === secret;
    hybridTimes.push(performance.now() - start);
    start = performance.now();
    const read = readCode(pixels, width, height, light) === secret;
    cameraTimes.push(performance.now() - start);
    camera += Number(read);
    hybrid += Number(alone);
    lost += Number(alone && !read);
  }
  line(
    `qr-decoder-camera-${kind}-read`,
    `${camera} of ${HARD}`,
    `codes (${what}; global binarizer then hybrid; the hybrid alone ${hybrid}, of which the camera's read missed ${lost})`,
  );
}
line(
  'qr-decoder-camera-median',
  median(cameraTimes).toFixed(2),
  `ms a frame (the camera's read of the frames above, Node, unthrottled; the hybrid alone ${median(hybridTimes).toFixed(2)} ms)`,
);
