// Error bodies of document 1 in both versions, through real resource routes.
import { describe, expect, it } from 'vitest';
import { makeAccount, makeBasics, makeRegistration, makeTicket } from '../factories';
import { call, createTestService } from '../support';

async function setup() {
  const { service, ctx } = createTestService({ faults: true });
  await service.ready;
  const data = await service.write(() => {
    const basics = makeBasics(ctx);
    makeAccount(ctx, { slug: 'someone-else', name: 'Someone Else' });
    const registration = makeRegistration(ctx, basics.event, { test_mode: true });
    const ticket = makeTicket(ctx, registration, basics.release);
    return { ...basics, ticket };
  });
  return { service, ctx, ...data };
}

describe('Admin API errors', () => {
  it('403 for an account the token may not use', async () => {
    const { service } = await setup();
    const v31 = await call(service, 'GET', '/v3/someone-else/events', { token: 'live31' });
    expect(v31.status).toBe(403);
    expect(v31.body).toEqual({
      status: 403,
      message: 'Forbidden',
      hint: 'You are not authorized to access someone-else',
    });
    const v30 = await call(service, 'GET', '/v3/someone-else/events', { token: 'live30' });
    expect(v30.body).toEqual({
      errors: { status: 403, title: 'Forbidden', detail: 'You are not authorized to access someone-else' },
    });
  });

  it('404 with the other-mode hint for a record of the other mode', async () => {
    const { service, ticket } = await setup();
    const path = `/v3/acme/conf-2026/tickets/${ticket.slug}`;
    expect((await call(service, 'GET', path, { token: 'test31' })).status).toBe(200);
    const live = await call(service, 'GET', path, { token: 'live31' });
    expect(live.status).toBe(404);
    expect(live.body).toEqual({
      status: 404,
      message: 'Resource not found',
      test_mode: false,
      hint: 'Record not found with test mode off but it does exist with test mode on',
      access_token: '*bbbb',
    });
    const live30 = await call(service, 'GET', path, { token: 'live30' });
    expect(live30.body).toMatchObject({ status: 404, lookup_mode: 'live', access_token: '*aaaa' });
    expect(live30.body.hint).toContain('test mode on');
  });

  it('404 for an unknown account or event', async () => {
    const { service } = await setup();
    expect((await call(service, 'GET', '/v3/nobody/events', { token: 'live31' })).status).toBe(404);
    expect((await call(service, 'GET', '/v3/acme/no-event/releases', { token: 'live31' })).status).toBe(404);
  });

  it('422 with errors and error_list in 3.1, errors only in 3.0, and nothing written', async () => {
    const { service, ctx } = await setup();
    const before = ctx.store.exportState().tables;
    const v31 = await call(service, 'POST', '/v3/acme/conf-2026/releases', {
      token: 'live31',
      body: { release: {} },
    });
    expect(v31.status).toBe(422);
    expect(v31.body).toMatchObject({
      status: 422,
      message: 'That request was invalid',
      errors: { title: ["can't be blank"] },
      error_list: expect.arrayContaining([{ attribute: 'title', message: "can't be blank" }]),
    });
    const v30 = await call(service, 'POST', '/v3/acme/conf-2026/releases', {
      token: 'live30',
      body: { release: {} },
    });
    expect(v30.status).toBe(422);
    expect(Object.keys(v30.body)).toEqual(['errors']);
    expect(ctx.store.exportState().tables).toEqual(before);
  });

  it('400 for malformed JSON and 413 for a huge body, in the version shape', async () => {
    const { service } = await setup();
    const bad = await call(service, 'POST', '/v3/acme/conf-2026/releases', {
      token: 'live31',
      body: '{"release":',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, message: expect.stringContaining('not valid JSON') });
    const huge = await call(service, 'POST', '/v3/acme/conf-2026/releases', {
      token: 'live30',
      body: { release: { title: 'x'.repeat(1_100_000) } },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toBeDefined();
  });

  it('429 with Retry-After in each version when rate limited', async () => {
    const { service } = await setup();
    await call(service, 'POST', '/__mock/faults', {
      control: true,
      body: { rate_limit: { requests: 0, window_seconds: 10 } },
    });
    const v31 = await call(service, 'GET', '/v3/hello', { token: 'live31' });
    expect(v31.status).toBe(429);
    expect(v31.headers.get('retry-after')).toBe('10');
    expect(v31.body).toMatchObject({ status: 429, message: 'Rate limit exceeded' });
    const v30 = await call(service, 'GET', '/v3/hello', { token: 'live30' });
    expect(v30.body).toMatchObject({ errors: { status: 429 } });
  });
});
