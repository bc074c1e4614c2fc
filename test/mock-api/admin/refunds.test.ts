import { describe, expect, it } from 'vitest';
import { makeBasics, makeRegistration, makeTicket } from '../factories';
import { NOW, call, createTestService } from '../support';
import { documentedExample, shapeDifferences } from './shape';

const PATH = '/v3/acme/conf-2026/refunds';

async function setup() {
  const { service, ctx } = createTestService();
  await service.ready;
  return service.write(() => {
    const { event, release } = makeBasics(ctx);
    const refund = (registrationId: number, amount: string, slug: string, created_at = NOW) =>
      ctx.store.insert('refunds', {
        event_id: event.id,
        registration_id: registrationId,
        slug,
        amount,
        manual: null,
        created_at,
        updated_at: created_at,
      });
    const live = makeRegistration(ctx, event);
    makeTicket(ctx, live, release);
    const test = makeRegistration(ctx, event, { test_mode: true });
    return {
      service,
      first: refund(live.id, '-90.0', 'ref_pfirst', '2026-06-01T10:00:00Z'),
      second: refund(live.id, '-10.0', 'ref_psecond'),
      inTest: refund(test.id, '-50.0', 'ref_ptest'),
      live,
    };
  });
}

describe('refunds', () => {
  it('lists the refunds of the caller mode, newest first, with the registration embedded in 3.0', async () => {
    const { service, live } = await setup();
    const v30 = await call(service, 'GET', PATH);
    expect(v30.status).toBe(200);
    expect(v30.body.refunds.map((r: { amount: string }) => r.amount)).toEqual(['-10.0', '-90.0']);
    expect(v30.body.refunds[0].registration).toMatchObject({ _type: 'registration', id: live.id });
    const test = await call(service, 'GET', PATH, { token: 'test31' });
    expect(test.body.refunds).toEqual([
      {
        _type: 'refund',
        id: expect.any(Number),
        amount: '-50.0',
        created_at: '2026-06-15T08:00:00.000-04:00',
        manual: null,
      },
    ]);
    expect(test.body.meta).toMatchObject({ total_count: 1, expandable: { registration: false } });
  });

  it('gets one by id or slug, expands the registration in 3.1, and hints at the other mode', async () => {
    const { service, first, inTest } = await setup();
    const plain = await call(service, 'GET', `${PATH}/${first.id}`, { token: 'live31' });
    expect(plain.body.refund).not.toHaveProperty('registration');
    const expanded = await call(service, 'GET', `${PATH}/ref_pfirst?expand=registration`, {
      token: 'live31',
    });
    expect(expanded.body.refund.registration._type).toBe('registration');
    expect(expanded.body.meta.expandable).toEqual({ registration: true });
    const other = await call(service, 'GET', `${PATH}/${inTest.id}`, { token: 'live31' });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({
      status: 404,
      message: 'Resource not found',
      test_mode: false,
      hint: 'Record not found with test mode off but it does exist with test mode on',
    });
    const other30 = await call(service, 'GET', `${PATH}/${first.id}`, { token: 'test30' });
    expect(other30.body).toMatchObject({
      lookup_mode: 'test',
      hint: expect.stringContaining('test mode off'),
    });
    expect((await call(service, 'GET', `${PATH}/999`)).status).toBe(404);
  });

  it('is read only: writes are unknown endpoints', async () => {
    const { service } = await setup();
    const res = await call(service, 'POST', PATH, { token: 'live31', body: { refund: { amount: '1' } } });
    expect(res.status).toBe(404);
  });

  it('matches the documented shapes', async () => {
    const { service, first } = await setup();
    const foreign = ['refund.registration', 'refunds[].registration'];
    for (const version of ['3.0', '3.1'] as const) {
      const token = version === '3.0' ? 'live30' : 'live31';
      const show = await call(service, 'GET', `${PATH}/${first.id}`, { token });
      expect(shapeDifferences(documentedExample(version, 'refunds', 'show'), show.body, { foreign })).toEqual(
        [],
      );
      const index = await call(service, 'GET', PATH, { token });
      expect(
        shapeDifferences(documentedExample(version, 'refunds', 'index'), index.body, { foreign }),
      ).toEqual([]);
    }
  });
});
