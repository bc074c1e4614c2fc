// A list's membership is two arrays searched by ticket id: every ticket of the store must be
// found, or not, exactly as the membership rule says, on a list of all releases and on a
// hide_unpaid list of one release.
import { describe, expect, it } from 'vitest';
import { listTicket, membership } from '../../../src/mock-api/checkin/membership';
import { fixedClock } from '../../../src/platform/clock';
import { paymentState } from '../../../src/mock-api/model/registration';
import { createRandom } from '../../../src/mock-api/random';
import { createMockService } from '../../../src/mock-api/service';
import { memoryPersistence } from '../../../src/mock-api/store/persistence';
import { NOW } from '../support';

describe('a check-in list membership', () => {
  it('finds each ticket by id exactly when the rule puts it on the list, void ones as changed only', async () => {
    const service = createMockService({
      clock: fixedClock(NOW),
      random: createRandom(5),
      persistence: memoryPersistence(),
      config: { seed: { name: 'demo', tickets: 300 } },
    });
    await service.ready;
    const ctx = service.context;
    const tickets = ctx.store.all('tickets');
    expect(tickets.some((t) => t.state === 'void')).toBe(true);
    for (const list of ctx.store.all('checkin_lists')) {
      const releases = list.release_ids.length > 0 ? new Set(list.release_ids) : null;
      const { members, changed, find, isMember } = membership(ctx, list);
      for (const ticket of tickets) {
        const registration = ctx.store.get('registrations', ticket.registration_id);
        const ofList = !ticket.test_mode && (!releases || releases.has(ticket.release_id));
        const hidden =
          list.hide_unpaid && registration !== undefined && paymentState(registration) === 'unpaid';
        const member = ofList && ticket.state !== 'void' && !hidden;
        const inChanged = ofList && (ticket.state === 'void' || !hidden);
        expect(isMember(ticket.id)).toBe(member);
        expect(find(ticket.id)).toBe(inChanged ? ticket : undefined);
        expect(members.includes(ticket)).toBe(member);
        expect(changed.includes(ticket)).toBe(inChanged);
      }
      expect(find(0)).toBeUndefined();
      expect(find(Number.MAX_SAFE_INTEGER)).toBeUndefined();
      // What a page shows beside the ticket is read from the store when the page is written.
      const [first] = members;
      if (!first) throw new Error('an empty list');
      const shown = listTicket(ctx, first);
      expect(shown.registration).toBe(ctx.store.get('registrations', first.registration_id));
      expect(shown.release).toBe(ctx.store.get('releases', first.release_id));
    }
  });
});
