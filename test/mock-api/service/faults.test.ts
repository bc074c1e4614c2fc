import { describe, expect, it } from 'vitest';
import { DroppedResponse } from '../../../src/mock-api/faults';
import { LIST, checkinFixture } from '../checkin/fixture';
import { call } from '../support';

const faults = (service: Parameters<typeof call>[0], body: unknown) =>
  call(service, 'POST', '/__mock/faults', { control: true, body });

describe('mock controls', () => {
  it('are off unless the service is configured with faults', async () => {
    const { service } = await checkinFixture();
    expect((await faults(service, { latency: { ms: 5 } })).status).toBe(404);
    expect((await call(service, 'POST', '/__mock/reset', { control: true })).status).toBe(404);
  });

  it('answer 429 with Retry-After beyond the rate limit, only under the path prefix', async () => {
    const { service } = await checkinFixture();
    service.context.config.faults = true;
    const set = await faults(service, {
      rate_limit: { requests: 2, window_seconds: 30, path_prefix: '/checkin/' },
    });
    expect(set.status).toBe(200);
    const path = `/checkin/checkin_lists/${LIST}`;
    expect((await call(service, 'GET', path, { token: null })).status).toBe(200);
    expect((await call(service, 'GET', path, { token: null })).status).toBe(200);
    const limited = await call(service, 'GET', path, { token: null });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body).toMatchObject({ status: 429 });
    expect((await call(service, 'GET', '/v3/hello')).status).toBe(200);
    await call(service, 'DELETE', '/__mock/faults', { control: true });
    expect((await call(service, 'GET', path, { token: null })).status).toBe(200);
  });

  it('inject errors at a rate with a status', async () => {
    const { service } = await checkinFixture();
    service.context.config.faults = true;
    await faults(service, { errors: { rate: 1, status: 503 } });
    const res = await call(service, 'GET', `/checkin/checkin_lists/${LIST}`, { token: null });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 503, message: 'Injected fault' });
    expect((await faults(service, { errors: { rate: 1, status: 200 } })).status).toBe(422);
  });

  it('put a clock off by a signed offset in the Date of each answer, refusals too, until cleared', async () => {
    const { service, ctx } = await checkinFixture();
    service.context.config.faults = true;
    expect((await faults(service, { date_offset: { ms: -3_600_000 } })).status).toBe(200);
    const now = ctx.clock.now().getTime();
    const ok = await call(service, 'GET', `/checkin/checkin_lists/${LIST}`, { token: null });
    const refused = await call(service, 'GET', '/checkin/checkin_lists/chk_pNoSuchList', { token: null });
    for (const answer of [ok, refused]) {
      const date = Date.parse(answer.headers.get('date') ?? '');
      expect(Math.abs(date - (now - 3_600_000))).toBeLessThan(2000);
    }
    await call(service, 'DELETE', '/__mock/faults', { control: true });
    const plain = await call(service, 'GET', `/checkin/checkin_lists/${LIST}`, { token: null });
    expect(plain.headers.get('date')).toBeNull();
    expect((await faults(service, { date_offset: { ms: 'soon' } })).status).toBe(422);
    expect((await faults(service, { date_offset: { ms: 8 * 24 * 3_600_000 } })).status).toBe(422);
  });

  it('drop the answer after commit like a failed fetch, keeping the write', async () => {
    const { service, ctx, tickets } = await checkinFixture();
    service.context.config.faults = true;
    await faults(service, { drop_after_commit: { path_prefix: '/checkin/' } });
    const request = new Request(`http://mock.test/checkin/checkin_lists/${LIST}/checkins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ checkin: { ticket_id: tickets.general.id } }),
    });
    const error = await service.handle(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).toBeInstanceOf(DroppedResponse);
    expect(ctx.store.count('checkins')).toBe(1);
    expect((await call(service, 'GET', `/checkin/checkin_lists/${LIST}`, { token: null })).status).toBe(200);
  });

  it('add latency', async () => {
    const { service } = await checkinFixture();
    service.context.config.faults = true;
    await faults(service, { latency: { ms: 60 } });
    const started = performance.now();
    await call(service, 'GET', `/checkin/checkin_lists/${LIST}`, { token: null });
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('reset to another seed', async () => {
    const { service, ctx } = await checkinFixture();
    service.context.config.faults = true;
    const res = await call(service, 'POST', '/__mock/reset', { control: true, body: { seed: 'empty' } });
    expect(res.status).toBe(200);
    expect(ctx.store.count('tickets')).toBe(0);
    expect(ctx.store.findOne('accounts', 'bySlug', 'acme')).toBeDefined();
    expect(
      (await call(service, 'POST', '/__mock/reset', { control: true, body: { seed: 'nonsense' } })).status,
    ).toBe(422);
  });

  it('need the control token, and a JSON body', async () => {
    const { service, ctx } = await checkinFixture();
    service.context.config.faults = true;
    const tickets = ctx.store.count('tickets');
    const none = await call(service, 'POST', '/__mock/reset', { token: null, body: { seed: 'empty' } });
    expect(none.status).toBe(401);
    expect(none.body.message).toContain('Authorization: Bearer');
    const wrong = await call(service, 'POST', '/__mock/reset', {
      token: null,
      headers: { Authorization: 'Bearer not-the-control-token' },
    });
    expect(wrong.status).toBe(401);
    const apiToken = await call(service, 'DELETE', '/__mock/faults', { token: 'live30' });
    expect(apiToken.status).toBe(401);
    const text = await call(service, 'POST', '/__mock/reset', {
      control: true,
      body: '{"seed":"empty"}',
      contentType: 'text/plain',
    });
    expect(text.status).toBe(415);
    expect(ctx.store.count('tickets')).toBe(tickets);
  });

  it('refuse everything when the service has no control token', async () => {
    const { service } = await checkinFixture();
    service.context.config.faults = true;
    service.context.config.controlToken = undefined;
    expect((await call(service, 'GET', '/__mock/faults', { control: true })).status).toBe(401);
  });
});
