// Tokens, slugs, references and check-in uuids cannot be predicted from one another: they come
// from the platform's cryptographic generator, so two services seeded alike still differ.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRandom } from '../../../src/mock-api/random';
import { call, createTestService } from '../support';
import { LIST, checkinFixture } from '../checkin/fixture';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('secrets', () => {
  it('are drawn from crypto.getRandomValues and crypto.randomUUID', async () => {
    vi.resetModules();
    const bytes = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const uuids = vi.spyOn(globalThis.crypto, 'randomUUID');
    const { secretString, secretUuid } = await import('../../../src/platform/secrets');
    const token = secretString(32);
    expect(bytes).toHaveBeenCalled();
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);
    expect(secretUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(uuids).toHaveBeenCalledOnce();
  });

  it('differ between two services with the same seed and clock: API tokens, list slugs, check-in uuids', async () => {
    const made = [];
    for (let run = 0; run < 2; run++) {
      const { service, ctx, tickets } = await checkinFixture();
      const token = await service.generateToken({ mode: 'live', version: '3.1', accounts: ['acme'] });
      const list = await call(service, 'POST', '/v3/acme/conf-2026/checkin_lists', {
        body: { checkin_list: { title: 'Side door' } },
      });
      const checkin = await call(service, 'POST', `/checkin/checkin_lists/${LIST}/checkins`, {
        token: null,
        body: { checkin: { ticket_id: tickets.general.id } },
      });
      const event = ctx.store.all('events')[0];
      made.push({
        token: token.token,
        list: list.body.checkin_list.slug as string,
        checkin: checkin.body.uuid as string,
        event: event?.security_token,
      });
    }
    const [first, second] = made as [(typeof made)[0], (typeof made)[0]];
    expect(first.token).not.toBe(second.token);
    expect(first.list).not.toBe(second.list);
    expect(first.checkin).not.toBe(second.checkin);
    expect(first.list).toMatch(/^chk_p[0-9A-Za-z]{22}$/);
  });

  it('never come from the seeded generator the service is given', async () => {
    // createTestService hands the service createRandom(42), the same in every run.
    const seeded = createRandom(42);
    const { service } = createTestService();
    const tokens = new Set<string>();
    for (let i = 0; i < 200; i++)
      tokens.add((await service.generateToken({ mode: 'test', version: '3.0' })).token);
    expect(tokens.size).toBe(200);
    // The seeded generator has no way to make a string or a uuid at all.
    expect('string' in seeded).toBe(false);
    expect('uuid' in seeded).toBe(false);
  });
});
