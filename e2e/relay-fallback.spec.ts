// A door falls back to the service directly when its relay is down: the service (a
// second copy of the server) allows the relay's app origin (MOCK_CORS_ORIGINS), so a browser
// page served by the relay may call it. A door joins through the relay (the mirror on); the relay
// is killed (kill -9 by pid); the door admits from its copy and its check-in reaches the service
// directly, and its health line says so. The relay is restarted: the door is back on it, a
// ticket admitted there goes through it, and the service holds each check-in once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/sealed';
import { freePort, type RunningServer, killHard, startServerProcess } from '../test/server/server-process';
import { mirroredList, relayEnv as relayEnvFor, serviceEnv, stopAll } from './fixtures/relay-pair';
import { CheckinService, joinedDoor, MAIN_LIST } from './page-models/door-page';

let root: string;
let upstream: RunningServer;
let relay: RunningServer;
let relayEnv: Record<string, string>;

test.beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'relay-fallback-e2e-'));
  const relayPort = String(await freePort());
  // The relay's app origin: pages it serves may call the service directly.
  upstream = await startServerProcess(serviceEnv(join(root, 'upstream'), `http://127.0.0.1:${relayPort}`));
  relayEnv = relayEnvFor(upstream, join(root, 'relay'), {
    PORT: relayPort,
    UPSTREAM_TIMEOUT_MS: '15000',
    RELAY_MIRROR_INTERVAL_MS: '500',
  });
  relay = await startServerProcess(relayEnv);
});

test.afterAll(async () => {
  await stopAll(relay, upstream);
  rmSync(root, { recursive: true, force: true });
});

const mirror = () => mirroredList(relay);

test('a door reaches the service directly while the relay is down, and is back on it after', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const service = new CheckinService(upstream.origin);
  const [before, during, after] = await service.freshTickets(MAIN_LIST, 3);
  const context = await browser.newContext({ baseURL: relay.origin });
  const toService: string[] = [];
  let relayDown = false;
  context.on('request', (request) => {
    if (request.url().startsWith(upstream.origin))
      toService.push(`${relayDown ? 'down' : 'up'} ${request.url()}`);
  });
  const { page, door } = await joinedDoor(context, 'Fallback door', { autoReturnSeconds: 0 });
  const health = page.getByTestId('door-health');
  await expect(health).toContainText('relay reaches the ticketing service');
  await expect.poll(async () => (await mirror())?.ready, { timeout: 30_000 }).toBe(true);

  await door.typeCode(before!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(door.pending()).toContainText('All sent', { timeout: 15_000 });
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, before!.id), { timeout: 15_000 }).toBe(1);

  // The relay is killed (kill -9 of its process).
  relayDown = true;
  await killHard(relay);
  await door.typeCode(during!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, during!.id), { timeout: 30_000 }).toBe(1);
  await expect(door.pending()).toContainText('All sent', { timeout: 15_000 });
  await expect(health).toContainText('relay not answering: talking to the ticketing service directly', {
    timeout: 15_000,
  });

  // The relay is back on its port with its data: the door returns to it within a sync or two.
  relay = await startServerProcess(relayEnv);
  await expect(health).toContainText('relay reaches the ticketing service', { timeout: 30_000 });
  relayDown = false;
  await door.typeCode(after!.reference);
  await door.expectVerdict('admitted');
  await door.nextScan();
  await expect(door.pending()).toContainText('All sent', { timeout: 15_000 });
  await expect.poll(async () => (await mirror())?.pending_upstream, { timeout: 30_000 }).toBe(0);
  await expect.poll(() => service.activeCheckinsOf(MAIN_LIST, after!.id), { timeout: 15_000 }).toBe(1);

  // Nothing doubled: the relay's journal and the door's direct sends met by uuid.
  await page.waitForTimeout(2_000);
  for (const ticket of [before!, during!, after!])
    expect(await service.activeCheckinsOf(MAIN_LIST, ticket.id)).toBe(1);
  // The page called the service only while the relay was down.
  expect(toService.length).toBeGreaterThan(0);
  expect(toService.filter((line) => line.startsWith('up '))).toEqual([]);
  await context.close();
});
