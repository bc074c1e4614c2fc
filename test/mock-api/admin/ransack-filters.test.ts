// Ransack-style filters on the registration and ticket lists, as a client of the real service
// sends them: `q[<field>_eq]`, `_cont` and `_in` are answered as filters (never as the whole
// list), combine with each other and with the list's own `q` search, and a filter the service
// does not take is a 400 naming it, in the Admin API's error shape.
import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration, makeTicket } from '../factories';
import { call, createTestService } from '../support';

const EVENT = '/v3/acme/conf-2026';

async function orders() {
  const t = createTestService();
  await t.service.ready;
  await t.service.write(() => {
    const { event, release } = makeBasics(t.ctx);
    const people = [
      { reference: 'MR5J', name: 'Mary Shelley', email: 'mary@example.com', first_name: 'Mary' },
      { reference: 'KX2P', name: 'Percy Shelley', email: 'percy@example.com', first_name: 'Percy' },
      { reference: 'AB12', name: 'Ada Lovelace', email: 'ada@example.com', first_name: 'Ada' },
    ];
    for (const person of people) {
      const registration = makeRegistration(t.ctx, event, person);
      makeTicket(t.ctx, registration, release);
      makeTicket(t.ctx, registration, release, { first_name: 'Guest', email: null });
    }
  });
  return t.service;
}

const refs = (body: { registrations: { reference: string }[] }) =>
  body.registrations.map((r) => r.reference).sort();

describe('ransack-style filters', () => {
  it('answers q[reference_eq], _cont and _in on registrations as filters', async () => {
    const service = await orders();
    const all = await call(service, 'GET', `${EVENT}/registrations`, { token: 'live31' });
    expect(all.body.registrations).toHaveLength(3);
    const one = await call(service, 'GET', `${EVENT}/registrations?q[reference_eq]=MR5J`, {
      token: 'live31',
    });
    expect(one.status).toBe(200);
    expect(refs(one.body)).toEqual(['MR5J']);
    expect(one.body.meta).toMatchObject({ total_count: 1, overall_total: 3 });
    const shelleys = await call(service, 'GET', `${EVENT}/registrations?q[name_cont]=shelley`, {
      token: 'live31',
    });
    expect(refs(shelleys.body)).toEqual(['KX2P', 'MR5J']);
    const listed = await call(
      service,
      'GET',
      `${EVENT}/registrations?q[reference_in][]=AB12&q[reference_in][]=KX2P&q[email_cont]=example`,
      { token: 'live31' },
    );
    expect(refs(listed.body)).toEqual(['AB12', 'KX2P']);
    const none = await call(service, 'GET', `${EVENT}/registrations?q[reference_eq]=ZZZZ`, {
      token: 'live31',
    });
    expect(none.body.registrations).toEqual([]);
    const paid = await call(service, 'GET', `${EVENT}/registrations?q[receipt_paid_eq]=true&q[id_in][]=1`, {
      token: 'live31',
    });
    expect(paid.status).toBe(200);
    // Blank, as ransack takes it: no filter.
    const blank = await call(service, 'GET', `${EVENT}/registrations?q[reference_eq]=`, { token: 'live31' });
    expect(blank.body.registrations).toHaveLength(3);
  });

  it('answers filters on tickets, combined with the list’s own q search', async () => {
    const service = await orders();
    const guests = await call(service, 'GET', `${EVENT}/tickets?q[first_name_eq]=Guest`, { token: 'live31' });
    expect(guests.body.tickets).toHaveLength(3);
    const one = await call(service, 'GET', `${EVENT}/tickets?q[reference_eq]=MR5J-1`, { token: 'live31' });
    expect(one.body.tickets.map((t: { reference: string }) => t.reference)).toEqual(['MR5J-1']);
    const both = await call(service, 'GET', `${EVENT}/tickets?q=percy&q[first_name_in][]=Percy`, {
      token: 'live31',
    });
    expect(both.body.tickets.map((t: { reference: string }) => t.reference)).toEqual(['KX2P-1']);
  });

  it('refuses a filter it does not take with a 400 naming it, in either version’s shape', async () => {
    const service = await orders();
    for (const key of [
      'q[colour_eq]',
      'q[reference_start]',
      'q[name_or_email_cont]',
      'q[s]',
      'q[reference_eq][]',
      'q[constructor_eq]',
      'q[__proto___eq]',
    ]) {
      const answer = await call(service, 'GET', `${EVENT}/registrations?${key}=x`, { token: 'live31' });
      expect({ key, status: answer.status }).toEqual({ key, status: 400 });
      expect(answer.body).toMatchObject({
        status: 400,
        message: `Unknown filter ${key}`,
        errors: { [key]: ['is not a filter this list takes'] },
        error_list: [{ attribute: key, message: 'is not a filter this list takes' }],
        hint: expect.stringContaining('reference'),
      });
    }
    // A list that takes no filters says so, rather than answering with every record.
    for (const list of ['releases', 'discount_codes', 'venues', 'waitlisted_people']) {
      const answer = await call(service, 'GET', `${EVENT}/${list}?q[title_eq]=Basic`, { token: 'live31' });
      expect({ list, status: answer.status, hint: answer.body.hint }).toEqual({
        list,
        status: 400,
        hint: 'This list takes no q[...] filters',
      });
    }
    const tickets = await call(service, 'GET', `${EVENT}/tickets?q[registration_reference_eq]=MR5J`, {
      token: 'live30',
    });
    expect(tickets.status).toBe(400);
    expect(tickets.text).toContain('q[registration_reference_eq]');
  });
});
