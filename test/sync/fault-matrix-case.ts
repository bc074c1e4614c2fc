// The fault matrix's case, run by interleavings*.test.ts: every door action {scan, undo, exit, admit all, undo these N,
// door restart} at every point of a batch's life {while it is out, after its outcome, after a
// recovery whose resend was refused}, against every outcome of the send {answered, answer
// lost, cut before sending, 5xx, 429, server killed mid-batch, page closed mid-send}. The
// interleaving is fixed by the test, not by timing: the batch's request is held at the network
// until the test lets it go, the clock moves only when the test says, and a request a closed
// page left behind reaches the service as late as possible (after the reopened page has looked
// for it and not found it). Each case ends with the network healed and asserts that the device
// and the service agree on every check-in, that nothing is doubled, and that what the device
// said (admitted, undone, "cancelled before sending", left) is what the service holds.
// Every case runs against both duplicate behaviours of the service (MOCK_DUPLICATE_CHECKINS): one
// ticket of the batch's order was checked in by another door just before the batch left. A
// service that records duplicates then holds it twice, and the door shows the double admission;
// one that refuses them answers "already" for it, and the door parks its own admission with that
// reason (never resent) and shows the same double admission beside the other door's check-in.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/api/http';
import type { CheckinDatabase } from '../../src/db/database';
import { readOutbox, type UndoOutcome } from '../../src/db/outbox';
import type { DuplicateCheckins } from '../../src/mock-api/context';
import type { MockService } from '../../src/mock-api/service';
import { makeBasics, makeCheckinList, makeRegistration, makeTicket } from '../mock-api/factories';
import { doorDevice, freshDb, LIST, manualClock, serviceHolding, serviceOver, unlockedDb } from './support';

export const OUTCOMES = [
  'answered',
  'answer lost',
  'cut before sending',
  '5xx',
  '429',
  'server killed mid-batch',
  'page closed mid-send',
] as const;
export const ACTIONS = ['scan', 'undo', 'exit', 'admit all', 'undo these N', 'door restart'] as const;
export const POINTS = ['while out', 'after the outcome', 'after recovery, writes refused'] as const;
export type Outcome = (typeof OUTCOMES)[number];
type Action = (typeof ACTIONS)[number];
type Point = (typeof POINTS)[number];

/** One list: a ticket alone (A), an order of three (O), an order of two (P), two more alone. */
function venue(duplicates: DuplicateCheckins) {
  return serviceHolding((ctx) => {
    const { event, release } = makeBasics(ctx);
    const single = (name: string) =>
      makeTicket(ctx, makeRegistration(ctx, event, { first_name: name }), release);
    const order = (name: string, n: number) => {
      const reg = makeRegistration(ctx, event, { first_name: name });
      return {
        reference: reg.reference,
        tickets: Array.from({ length: n }, () => makeTicket(ctx, reg, release)),
      };
    };
    const a = single('Ana');
    const o = order('Olu', 3);
    const p = order('Pia', 2);
    const b = single('Ben');
    const first = single('Fay');
    return { list: makeCheckinList(ctx, event), a, o, p, b, first };
  }, duplicates);
}

/** The other door's check-in of the order's first ticket, made just before the batch leaves. */
const ELSEWHERE = 'other-door-checkin-0001';

const isWrite = (r: Request) => r.method !== 'GET' && r.method !== 'HEAD';
const isBatch = (r: Request) => r.method === 'POST' && /\/checkins$/.test(new URL(r.url).pathname);
const never = <T>() => new Promise<T>(() => undefined);
const networkError = () => new TypeError('Failed to fetch');

export async function runCase(
  outcome: Outcome,
  action: Action,
  point: Point,
  duplicates: DuplicateCheckins = 'record',
) {
  const v = await venue(duplicates);
  let service: MockService = v.service;
  const clock = manualClock();
  const db = freshDb('matrix');
  let generation = 0;
  let writesRefused = false;
  let holdNext = false;
  let held: { request: Request; gen: number; settle: (answer: Promise<Response>) => void } | null = null;
  let arrived: () => void = () => undefined;
  const late: Request[] = [];

  // Each engine's network: a dead engine's requests may still reach the service, but no answer
  // ever comes back to it.
  const fetchFor =
    (gen: number): FetchLike =>
    async (request) => {
      if (holdNext && isBatch(request)) {
        holdNext = false;
        return new Promise<Response>((resolve, reject) => {
          held = { request: request.clone(), gen, settle: (p) => p.then(resolve, reject) };
          arrived();
        });
      }
      if (writesRefused && isWrite(request))
        return new Response('{"message":"Too many requests"}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '5' },
        });
      const answer = await service.handle(request);
      return gen === generation ? answer : never();
    };

  let device = await doorDevice({ fetch: fetchFor(++generation), db, clock });
  const restart = async () => {
    void device.engine.stop();
    const gen = ++generation;
    device = await doorDevice({ fetch: fetchFor(gen), db: unlockedDb(db.name), clock });
    await device.engine.start();
    await device.engine.syncNow();
  };
  const engine = () => device.engine;

  // The door joins, and learns from one answered check-in that the service keeps its uuids.
  expect((await engine().join(LIST)).ok).toBe(true);
  await engine().syncNow();
  expect((await engine().scan(v.first.slug)).ok).toBe(true);
  await engine().flush();

  // Offline at the door: one ticket scanned, one order admitted whole.
  engine().setOnline(false);
  const scanA = await engine().scan(v.a.slug);
  const keyA = scanA.ok ? scanA.value.checkin!.key : 'none';
  const wholeO = await engine().admitOrder(
    v.o.reference,
    v.o.tickets.map((t) => t.id),
  );
  expect(wholeO.ok && wholeO.value.checkins).toHaveLength(3);
  const keysO = wholeO.ok ? wholeO.value.checkins.map((c) => c.key) : [];

  // Another door admits the order's first ticket meanwhile: the service holds it already.
  const shared = v.o.tickets[0]!;
  const other = await service.handle(
    new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: shared.id, uuid: ELSEWHERE } }),
    }),
  );
  expect(other.status).toBe(201);

  // Back online: the batch leaves and is held at the network.
  const out = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  holdNext = true;
  engine().setOnline(true);
  await out;
  const undone: { outcome: UndoOutcome; key: string }[] = [];
  const admitted: string[] = [];

  const act = async () => {
    const e = engine();
    switch (action) {
      case 'scan': {
        const scan = await e.scan(v.b.slug);
        expect(scan.ok && scan.value.verdict.kind).toBe('admitted');
        if (scan.ok) admitted.push(scan.value.checkin!.clientId!);
        break;
      }
      case 'undo': {
        const result = await e.undo(keyA);
        expect(result.ok).toBe(true);
        if (result.ok) undone.push({ outcome: result.value, key: keyA });
        break;
      }
      case 'exit': {
        const result = await e.exit(v.a.id);
        expect(result.ok && result.value.verdict.kind).toBe('exit-recorded');
        break;
      }
      case 'admit all': {
        const whole = await e.admitOrder(
          v.p.reference,
          v.p.tickets.map((t) => t.id),
        );
        expect(whole.ok && whole.value.checkins).toHaveLength(2);
        if (whole.ok) admitted.push(...whole.value.checkins.map((c) => c.clientId!));
        break;
      }
      case 'undo these N':
        for (const key of keysO) {
          const result = await e.undo(key);
          expect(result.ok).toBe(true);
          if (result.ok) undone.push({ outcome: result.value, key });
        }
        break;
      case 'door restart':
        await restart();
        break;
    }
  };

  if (point === 'while out') await act();

  // The outcome of the held request. From it on, for the last point, the service refuses writes
  // (429): recovery can look for the batch, but not send it again.
  const { request, gen, settle } = held!;
  if (point === 'after recovery, writes refused') writesRefused = true;
  // The service side happens either way; a restarted door's old engine never hears of it.
  const toSender = (answer: () => Promise<Response>) => {
    const reply = answer();
    if (gen === generation) settle(reply);
    else void reply.catch(() => undefined);
  };
  switch (outcome) {
    case 'answered':
      toSender(() => service.handle(request));
      break;
    case 'answer lost':
      toSender(async () => {
        await service.handle(request);
        throw networkError();
      });
      break;
    case 'cut before sending':
      toSender(async () => {
        throw networkError();
      });
      break;
    case '5xx':
      // A gateway's 502 after the service committed: the worst a 5xx can mean.
      toSender(async () => {
        await service.handle(request);
        return new Response('Bad gateway', { status: 502 });
      });
      break;
    case '429':
      toSender(
        async () =>
          new Response('{"message":"Too many requests"}', {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '5' },
          }),
      );
      break;
    case 'server killed mid-batch':
      toSender(async () => {
        await service.handle(request);
        service = serviceOver(v.persistence, v.clock, duplicates);
        await service.ready;
        throw networkError();
      });
      break;
    case 'page closed mid-send':
      // The page is gone with its request still on the way; it lands after everything below.
      late.push(request);
      if (gen === generation) await restart();
      break;
  }
  if (gen === generation) await engine().syncNow();

  if (point === 'after the outcome') await act();
  if (point === 'after recovery, writes refused') {
    await clock.advance(30_000);
    await engine().syncNow();
    await act();
    writesRefused = false;
  }

  // Healed: the late request lands, time passes, the door syncs until it is quiet.
  for (const request of late) await service.handle(request);
  for (let i = 0; i < 4; i++) {
    await clock.advance(120_000);
    await engine().syncNow();
  }
  await engine().stop();

  // What the service holds, and what the device holds and shows.
  const onService = service.context.store
    .findBy('checkins', 'byList', v.list.id)
    .map((c) => ({ uuid: c.uuid, ticketId: c.ticket_id, active: c.deleted_at === null }));
  const rows = (
    await db.checkins.where('[listSlug+key]').between([LIST, ''], [LIST, '\uffff']).toArray()
  ).filter((c) => c.status !== 'parked');
  const problems: string[] = [];
  const outbox = await readOutbox(db, LIST);
  // A refusing service's "already" for the shared ticket is the one row that may stay: parked.
  const refusedAsAlreadyIn = (r: (typeof outbox)[number]) =>
    duplicates === 'refuse' &&
    r.kind === 'checkin' &&
    r.state === 'parked' &&
    r.ticketId === shared.id &&
    r.parkedReason?.status === 422 &&
    /already/.test(r.parkedReason.detail ?? '');
  const owed = outbox.filter((r) => !refusedAsAlreadyIn(r));
  if (owed.length) problems.push(`outbox holds ${owed.map((r) => `${r.kind} ${r.state}`).join(', ')}`);
  const held_ = new Map(rows.map((r) => [r.uuid, r]));
  for (const c of onService) {
    const mine = held_.get(c.uuid);
    if (!mine) problems.push(`device lacks ${c.uuid} (ticket ${c.ticketId})`);
    else if ((mine.deletedAt === null) !== c.active)
      problems.push(
        `device holds ${c.uuid} as ${mine.deletedAt === null ? 'active' : 'deleted'}; the service does not`,
      );
    if (c.uuid !== ELSEWHERE && !rows.some((r) => r.clientId === c.uuid))
      problems.push(`service holds ${c.uuid}, which the door never made`);
  }
  for (const r of rows)
    if (!onService.some((c) => c.uuid === r.uuid))
      problems.push(`device holds ${r.uuid ?? r.key} the service does not`);
  if (new Set(rows.map((r) => r.uuid)).size !== rows.length) problems.push('device holds a check-in twice');
  const activeByTicket = new Map<number, number>();
  for (const c of onService)
    if (c.active) activeByTicket.set(c.ticketId, (activeByTicket.get(c.ticketId) ?? 0) + 1);
  for (const [ticketId, n] of activeByTicket)
    if (n > 1 && ticketId !== shared.id) problems.push(`ticket ${ticketId} is in ${n} times`);
  // The shared ticket: the other door's check-in, and the door's own unless it was taken back
  // (held by a recording service, parked here by a refusing one). Either way both show here.
  const ownShared = (await engine().ticket(shared.id))!.checkins.filter(
    (c) => c.clientId !== null && c.deletedAt === null,
  );
  const expectedShared = duplicates === 'record' ? 1 + ownShared.length : 1;
  if ((activeByTicket.get(shared.id) ?? 0) !== expectedShared)
    problems.push(
      `the shared ticket is in ${activeByTicket.get(shared.id) ?? 0} times, not ${expectedShared}`,
    );
  if (!onService.some((c) => c.uuid === ELSEWHERE && c.active))
    problems.push('the other door’s check-in is gone');
  if (duplicates === 'refuse' && ownShared.some((c) => c.status !== 'parked'))
    problems.push('the door holds its refused admission of the shared ticket as accepted');
  const conflict = (await readConflicts(db)).find((c) => c.ticketId === shared.id);
  const shownSides = conflict?.checkins.map((c) => c.source).sort() ?? [];
  const expectedSides = ownShared.length > 0 ? ['elsewhere', 'this-device'] : [];
  if (shownSides.join() !== expectedSides.join())
    problems.push(`the door shows the shared ticket as [${shownSides}], not [${expectedSides}]`);
  // What the door said is what happened.
  for (const { outcome: said, key } of undone) {
    const clientId = key.replace(/^local:/, '');
    const remote = onService.find((c) => c.uuid === clientId);
    if (said === 'cancelled' && remote)
      problems.push(`undo said cancelled before sending, yet ${clientId} is on the service`);
    if (remote?.active) problems.push(`undone ${clientId} is still active on the service`);
  }
  if (action === 'exit' && activeByTicket.has(v.a.id))
    problems.push('the guest who left is still inside on the service');
  for (const clientId of admitted)
    if (!onService.some((c) => c.uuid === clientId && c.active))
      problems.push(`admission ${clientId} never reached the service`);
  const index = (await engine().ticket(v.a.id))!.checkins;
  const shownInside = index.some((c) => c.deletedAt === null);
  if (shownInside !== activeByTicket.has(v.a.id))
    problems.push('the door shows ticket A otherwise than the service holds it');
  return problems;
}

async function readConflicts(db: CheckinDatabase) {
  return db.conflicts
    .where('[listSlug+ticketId]')
    .between([LIST, 0], [LIST, Number.MAX_SAFE_INTEGER])
    .toArray();
}

/** Registers the matrix's cases for these outcomes, against a service with this duplicate behaviour. */
export function matrixFor(outcomes: readonly Outcome[], duplicates: DuplicateCheckins = 'record') {
  for (const outcome of outcomes)
    describe(`the batch's request: ${outcome} (duplicates: ${duplicates})`, () => {
      for (const action of ACTIONS)
        it.each(POINTS)(`${action}, %s: the device and the service agree, nothing doubled`, async (point) => {
          expect(await runCase(outcome, action, point, duplicates)).toEqual([]);
        });
    });
}
