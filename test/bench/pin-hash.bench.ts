// The kiosk PIN's PBKDF2 cost (src/platform/pin-hash.ts), in Node and in headless Chromium.
// The hash runs on setting the PIN and on each unlock, so it should stay well under half a
// second on a phone, several times slower than this machine. (DevTools CPU throttling cannot
// stand in for a phone here: WebCrypto derives off the page's thread, which it does not slow.)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { benchChromiumArgs } from './browser/bench-args';
import { hashPin, PIN_ITERATIONS, verifyPin } from '../../src/platform/pin-hash';

const RUNS = 5;
const line = (name: string, value: number, unit: string) => console.log(`bench ${name}: ${value} ${unit}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function inNode(): Promise<number> {
  const stored = await hashPin('2468');
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await verifyPin('2468', stored);
    times.push(performance.now() - start);
  }
  return median(times);
}

/** PBKDF2 in the page, as pin-hash.ts calls it (localhost is a secure context: WebCrypto works). */
function pageHash(iterations: number): Promise<number> {
  return (async () => {
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('2468'), 'PBKDF2', false, [
      'deriveBits',
    ]);
    const start = performance.now();
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt: crypto.getRandomValues(new Uint8Array(16)), iterations },
      key,
      256,
    );
    return performance.now() - start;
  })();
}

const server = createServer((_, res) => res.end('<!doctype html><title>bench</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: benchChromiumArgs });
try {
  line('kiosk PIN hash, node, median', Math.round(await inNode()), 'ms');
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++)
    times.push(await page.evaluate(`(${pageHash.toString()})(${PIN_ITERATIONS})`));
  line('kiosk PIN hash, chromium, median', Math.round(median(times)), 'ms');
} finally {
  await browser.close();
  server.close();
}
