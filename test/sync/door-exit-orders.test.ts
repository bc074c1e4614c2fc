// An order's reference read in exit mode: the door says it is an order (each ticket is scanned
// to record its guest leaving) and records nothing. It is no miss, so online it does not wait
// for the copy to catch up. The real mock service in process, fake-indexeddb, the engine as the
// app runs it.
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/db/outbox';
import { makeRegistration, makeTicket } from '../mock-api/factories';
import { doorService, LIST, loggedDoor } from './support';

type Setup = Awaited<ReturnType<typeof doorService>>;

/** An order of `size` tickets on the list, sold under `reference`. */
function sellOrder(setup: Setup, reference: string, size: number) {
  return setup.service.write(() => {
    const reg = makeRegistration(setup.service.context, setup.event, { reference, name: 'Maria Buyer' });
    return Array.from({ length: size }, () => makeTicket(setup.service.context, reg, setup.release));
  });
}

async function joinedDoor() {
  const setup = await doorService(3);
  const family = await sellOrder(setup, 'FAM4', 4);
  return { setup, family, ...(await loggedDoor(setup)) };
}

describe("an order's reference in exit mode", () => {
  it('says it is an order whose tickets are each to be scanned, at once and recording nothing', async () => {
    const { family, device, engine, requests } = await joinedDoor();
    await engine.scan(family[0]!.slug);
    await engine.syncNow();
    requests.length = 0;

    const scanned = await engine.exitScan('FAM4');
    expect(scanned).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'order-exit', reference: 'FAM4' }, basis: { kind: 'local' }, order: null },
    });
    // Answered from the copy: no catching up with the service first (the verdict would say
    // "checked against the service" after up to 3 s).
    expect(requests).toEqual([]);
    // The guest admitted is still inside: nothing was ended, nothing waits to be sent.
    expect(await readOutbox(device.db, LIST)).toEqual([]);
    expect(await engine.exitScan(family[0]!.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'exit-recorded' } },
    });
  });

  it('typed in the scan field in exit mode, and offline, gets the same answer', async () => {
    const { engine } = await joinedDoor();
    expect(await engine.typed('fam4', 'exit')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'order-exit', reference: 'FAM4' } },
    });
    engine.setOnline(false);
    expect(await engine.exitScan('FAM4')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'order-exit' }, basis: { kind: 'local' } },
    });
  });

  it('an order sold since the last pull is found by catching up, never called an unknown code', async () => {
    const { setup, engine } = await joinedDoor();
    await sellOrder(setup, 'NEW7', 2);
    expect(await engine.exitScan('NEW7')).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'order-exit', reference: 'NEW7' }, basis: { kind: 'synced' } },
    });
  });
});
