// A door's copy at rest, read as a copy of its files would be: after a join, admissions, an
// "admit anyway" with its reason, a pull of changed tickets and answers, and a correction, no
// row of any table holds an attendee's name, email, company, phone number, answer or
// reference, in any encoding; while the same data as a copy kept before sealing held it
// (plain rows, the control) is found by the same search, and the door still finds everyone.
import { describe, expect, it } from 'vitest';
import { readAudit } from '../../../src/db/audit-log';
import { readCorrections } from '../../../src/db/copy-notes';
import { readAnswerRows, readTicketRows } from '../../../src/db/local-copy';
import { SEALED_TABLES } from '../../../src/db/database';
import { isSealed } from '../../../src/db/seal/sealed-rows';
import { readPages } from '../../../src/db/stored-pages';
import {
  makeBasics,
  makeCheckinList,
  makeQuestion,
  makeRegistration,
  makeTicket,
} from '../../mock-api/factories';
import { doorDevice, LIST, networkTo, serviceHolding } from '../../sync/support';
import { found, serialized, storedText } from './stored-bytes';

const FIRST = ['Xiomara', 'Zoë', 'Zephyrine', 'Bartholomew', 'Ottoline', 'Florizel', 'Wenceslas', 'Griselda'];
const LAST = [
  'Vantongeren',
  'Ålvarez-Brisk',
  'Kvistgaard',
  'Thistlewood',
  'Marchbanks',
  'Ravensdale',
  'Quenneville',
  'Achterberg',
];

const attendee = (i: number) => ({
  first: FIRST[i]!,
  last: LAST[i]!,
  email: `${FIRST[i]!.toLowerCase()}.sealed@inbox${i}.example`,
  company: `Brackenridge Optics ${String.fromCharCode(65 + i)}`,
  phone: `+44 7700 90${String(1000 + i)}`,
  answer: `Needs step-free access by the ${['north', 'south', 'east', 'west', 'river', 'park', 'hill', 'dock'][i]} ramp`,
  // Long enough that no sealed byte run could spell one by chance; the one scanned by its
  // reference has the four characters a scanned reference has.
  reference: i === 3 ? 'Q7Z3' : `QZRK${String.fromCharCode(65 + i)}W`,
});
const PEOPLE = FIRST.map((_, i) => attendee(i));
const RENAMED = 'Leopoldine';
const CHANGED_ANSWER = 'Brings a guide dog called Marmaduke';
const LATE = { first: 'Peregrine', last: 'Fairweather-Quist', reference: 'Q7Z9' };
const REASON = `${PEOPLE[0]!.first} showed her passport`;

/** Everything personal the copy came to hold, in the forms a search would look for. */
const needles = () => [
  ...PEOPLE.flatMap((p) => [
    p.first,
    p.last,
    p.email,
    p.company,
    p.phone,
    p.answer,
    p.reference,
    `${p.reference}-1`,
  ]),
  RENAMED,
  CHANGED_ANSWER,
  LATE.first,
  LATE.last,
  LATE.reference,
  REASON,
];

async function eventService() {
  return serviceHolding((ctx) => {
    const { event, release } = makeBasics(ctx);
    const question = makeQuestion(ctx, event, { title: 'Access needs' });
    const tickets = PEOPLE.map((p, i) => {
      const reg = makeRegistration(ctx, event, {
        reference: p.reference,
        first_name: p.first,
        last_name: p.last,
        email: p.email,
        company_name: p.company,
        phone_number: p.phone,
      });
      const ticket = makeTicket(ctx, reg, release, { company_name: p.company, phone_number: p.phone });
      ctx.store.insert('answers', {
        event_id: event.id,
        question_id: question.id,
        ticket_id: ticket.id,
        primary_response: PEOPLE[i]!.answer,
        alternate_response: null,
        download_url: null,
        created_at: '2026-06-15T12:00:00.000Z',
        updated_at: '2026-06-15T12:00:00.000Z',
      });
      return ticket;
    });
    const list = makeCheckinList(ctx, event);
    return { event, release, tickets, list };
  });
}

describe('the door’s copy at rest', () => {
  it('holds no attendee’s name, email, company, phone, answer or reference in any row, in any encoding', async () => {
    const setup = await eventService();
    // The network as the door meets it: once it drops, nothing reaches the service. (Marking the
    // door offline alone is not enough: a send the loop began just before can still read the
    // outbox after the next scan is written, and took that scan to the service under load.)
    const network = networkTo(setup.service);
    const device = await doorDevice({ fetch: network.fetch });
    const { engine, db } = device;
    expect((await engine.join(LIST)).ok).toBe(true);
    await engine.syncNow();
    expect(engine.status().complete).toBe(true);

    // Admissions, by slug and by reference, and one admitted anyway with a reason naming her.
    for (const ticket of setup.tickets.slice(0, 3)) expect((await engine.scan(ticket.slug)).ok).toBe(true);
    expect((await engine.scan(setup.tickets[3]!.reference)).ok).toBe(true);
    expect((await engine.admitAnyway(setup.tickets[0]!.id, 1, REASON)).ok).toBe(true);

    // Changes pulled since the first download: a ticket renamed, an answer changed.
    await setup.service.write(() => {
      const { store } = setup.service.context;
      store.update('tickets', setup.tickets[5]!.id, {
        first_name: RENAMED,
        updated_at: '2026-06-15T12:05:00.000Z',
      });
      const answer = store.all('answers').find((a) => a.ticket_id === setup.tickets[6]!.id)!;
      store.update('answers', answer.id, {
        primary_response: CHANGED_ANSWER,
        updated_at: '2026-06-15T12:05:00.000Z',
      });
    });
    await engine.syncNow();

    // A ticket sold since, scanned: the service corrects the copy.
    const late = await setup.service.write(() => {
      const { context } = setup.service;
      const reg = makeRegistration(context, setup.event, {
        reference: LATE.reference,
        first_name: LATE.first,
        last_name: LATE.last,
      });
      return makeTicket(context, reg, setup.release);
    });
    expect(await engine.scan(late.slug)).toMatchObject({
      ok: true,
      value: { verdict: { kind: 'admitted' } },
    });
    expect(engine.status().corrections).toMatchObject([{ ticketId: late.id, was: 'missing' }]);
    await engine.syncNow();
    await engine.auditWritten();

    // The door finds everyone, renamed and late ones too, and answers as ever.
    expect((await engine.search(RENAMED)).map((r) => r.ticket.id)).toEqual([setup.tickets[5]!.id]);
    expect((await engine.search(LATE.last)).length).toBe(1);
    expect((await engine.search(PEOPLE[7]!.company)).length).toBe(1);
    // Answers are read in the quiet after the last scan: the door's clock moves past it.
    const answers = engine.answers(setup.tickets[6]!.id);
    await device.clock.advance(1000);
    expect(await answers).toMatchObject([{ response: CHANGED_ANSWER }]);
    // One more admitted offline: the copy is taken with it unsent.
    network.down();
    engine.setOnline(false);
    expect((await engine.scan(setup.tickets[7]!.slug)).ok).toBe(true);
    await engine.auditWritten();
    await engine.stop();

    const text = await storedText(db);
    // Every table the copy uses was written to (so each was searched with something in it).
    for (const table of [
      'pages',
      'pageSlices',
      'pageCodes',
      'tickets',
      'answers',
      'audit',
      'corrections',
      'outbox',
      'checkins',
    ])
      expect(text.get(table)?.length ?? 0, table).toBeGreaterThan(0);
    // Every row of a sealed table is sealed, ticket pages' code hashes among them (unkeyed, they
    // would confirm a guessed reference, and no byte search would see them).
    const keptPlain = (table: string, row: { resource?: string }) =>
      (table === 'pages' && row.resource === 'checkins') ||
      (table === 'pageCodes' && row.resource !== 'tickets');
    for (const table of SEALED_TABLES)
      for (const row of await db.table(table).toArray())
        if (!keptPlain(table, row)) expect(isSealed(row), table).toBe(true);
    // Nor any ticket's code as it is read (a slug, the QR code's content): only keyed digests.
    const codes = [...setup.tickets, late].map((t) => t.slug);
    expect(found(text, [...needles(), ...codes])).toEqual([]);

    // The control: the same data as a copy kept before sealing held it, plain rows (and one
    // name as UTF-16 bytes), read by the same search: every needle is found.
    const pages: unknown[] = [];
    for (const resource of ['tickets', 'answers'] as const)
      await readPages(db, LIST, resource, (items, page) => {
        pages.push({ listSlug: LIST, resource, page, items });
      });
    const plain = new Map([
      ['pages', serialized(pages)],
      ['tickets', serialized(await readTicketRows(db, LIST))],
      ['answers', serialized(await readAnswerRows(db, LIST))],
      ['audit', serialized(await readAudit(db, LIST))],
      ['corrections', serialized(await readCorrections(db, LIST))],
      [
        'bytes',
        serialized({
          name: new Uint8Array(new Uint16Array([...'Kvistgaard'].map((c) => c.charCodeAt(0))).buffer),
        }),
      ],
    ]);
    const everywhere = found(plain, needles());
    for (const needle of needles())
      expect(
        everywhere.some((hit) => hit.endsWith(`: ${needle}`)),
        needle,
      ).toBe(true);
    expect(everywhere).toContain('bytes: Kvistgaard');
  });
});
