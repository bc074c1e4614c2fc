// The camera's QR decoder (@zxing/library as patched: patches/README.md) on ticket codes, in
// Node: how many clean codes it cannot read, how many photographed ones it reads, and its time
// per frame. Random secrets each run (the platform's generator), so a rare unreadable code shows.
import { randomInt } from 'node:crypto';
import {
  cleanCode,
  type Frame,
  photographedCode,
  readQr,
  seeded,
  ticketSecrets,
} from '../fixtures/qr-frames';

const CLEAN = Number(process.env.BENCH_QR_CLEAN ?? 2000);
const PHOTOGRAPHED = Number(process.env.BENCH_QR_PHOTOGRAPHED ?? 600);
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
