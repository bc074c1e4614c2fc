// What the device gate reads of bodies and tells a revoked device: a check-in POST's uuids read
// without throwing whatever a hostile body holds, and a revoked device's answers cut to the
// check-ins' own fields and the kind of each refusal.
import { describe, expect, it } from 'vitest';
import { revokedView, sentUuids } from '../../src/fleet/gate-bodies';

const post = (body: unknown) =>
  new Request('http://doors.test/checkin/checkin_lists/x/checkins', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A created check-in as the service answers it: with the ticket and its holder. */
const created = (uuid: string) => ({
  id: 7,
  ticket_id: 12,
  created_at: '2026-12-05T09:00:00Z',
  updated_at: '2026-12-05T09:00:00Z',
  deleted_at: null,
  uuid,
  ticket: {
    slug: 'ti_p56e3U4wxERLdPhcbCNQp7l',
    reference: '3PHK-1',
    email: 'ines.olsen17@example.com',
    first_name: 'Ines',
    last_name: 'Olsen',
  },
  release: { slug: 'rel_vip', title: 'VIP' },
});
const OWN = {
  id: 7,
  ticket_id: 12,
  created_at: '2026-12-05T09:00:00Z',
  updated_at: '2026-12-05T09:00:00Z',
  deleted_at: null,
};

describe('the uuids a check-in POST sends', () => {
  it('are read from strings and numbers, and a uuid that is an object or array is no uuid', async () => {
    expect(await sentUuids(post({ checkin: { ticket_id: 1, uuid: 'a-1' } }))).toEqual(new Set(['a-1']));
    expect(await sentUuids(post({ checkin: { ticket_id: 1, uuid: 42 } }))).toEqual(new Set(['42']));
    for (const uuid of [{ a: 1 }, [1], { toString: 1 }]) {
      expect(await sentUuids(post({ checkin: { ticket_id: 1, uuid } }))).toEqual(new Set());
      expect(await sentUuids(post({ batch: { checkins: { 0: { ticket_id: 1, uuid } } } }))).toEqual(
        new Set(),
      );
    }
  });
});

describe('what a revoked device is told', () => {
  it('of a created check-in, a batch or a partly refused batch: the check-ins own fields only', () => {
    expect(revokedView(created('u-1'))).toEqual({ ...OWN, uuid: 'u-1' });
    expect(revokedView([created('u-1'), created('u-2')])).toEqual([
      { ...OWN, uuid: 'u-1' },
      { ...OWN, uuid: 'u-2' },
    ]);
    const partly = revokedView({
      status: 422,
      message: 'Some tickets are already checked in on this list; the other check-ins were recorded',
      errors: { 1: ['Ticket 3PHK-1 is already checked in on this list'], 2: ['Ines Olsen: not found'] },
      checkins: [created('u-1')],
    });
    expect(partly).toEqual({
      status: 422,
      message: 'This check-in was refused',
      errors: { 1: ['This check-in was refused'], 2: ['This check-in was refused'] },
      checkins: [{ ...OWN, uuid: 'u-1' }],
    });
    const said = JSON.stringify([partly, revokedView({ status: 404, message: 'Ticket 3PHK-1 not found' })]);
    for (const secret of ['ti_p56e3U4wxERLdPhcbCNQp7l', '3PHK-1', 'ines.olsen17', 'Ines', 'Olsen', 'VIP'])
      expect(said).not.toContain(secret);
  });

  it('never walks into a prototype, and keeps no key it does not name', () => {
    const hostile = JSON.parse('{"uuid":"u-1","__proto__":{"polluted":1},"constructor":{"x":1}}');
    const view = revokedView(hostile) as Record<string, unknown>;
    expect(Object.keys(view)).toEqual(['uuid']);
    expect(Object.getPrototypeOf(view)).toBeNull();
    expect(view.polluted).toBeUndefined();
  });
});
