// `since` reads come from records kept sorted by change time: they must give exactly what a
// plain walk over the list gives, in id order, at every boundary.
import { describe, expect, it } from 'vitest';
import { listTicket, membership } from '../../../src/mock-api/checkin/membership';
import { answersSince, ticketsSince } from '../../../src/mock-api/checkin/records';
import { listQuestions } from '../../../src/mock-api/checkin/scope';
import { fixedClock } from '../../../src/platform/clock';
import { createRandom } from '../../../src/mock-api/random';
import { DEMO_CHECKIN_LIST } from '../../../src/mock-api/seed/demo';
import { createMockService } from '../../../src/mock-api/service';
import { memoryPersistence } from '../../../src/mock-api/store/persistence';
import { NOW } from '../support';

describe('since reads on a list', () => {
  it('give the tickets and answers changed at or after since, in id order, like a full walk', async () => {
    const service = createMockService({
      clock: fixedClock(NOW),
      random: createRandom(3),
      persistence: memoryPersistence(),
      config: { seed: { name: 'demo', tickets: 400 } },
    });
    await service.ready;
    const { store } = service.context;
    const list = store.findOne('checkin_lists', 'bySlug', DEMO_CHECKIN_LIST);
    if (!list) throw new Error('no demo list');
    const base = Date.parse(NOW);
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    // Spread change times, with ties, over tickets and answers in an order unlike their ids.
    await service.write(() => {
      for (const [i, ticket] of store.all('tickets').entries()) {
        if (i % 3 === 0) store.update('tickets', ticket.id, { updated_at: at((i * 7) % 50) });
      }
      for (const [i, answer] of store.all('answers').entries()) {
        if (i % 2 === 0) store.update('answers', answer.id, { updated_at: at((i * 11) % 40) });
      }
    });
    const questionIds = new Set(listQuestions(service.context, list).map((q) => q.id));
    for (const minutes of [-1000, 0, 1, 7, 20, 39, 40, 49, 50, 1000]) {
      const since = base + minutes * 60_000;
      const { changed } = membership(service.context, list);
      const changedIds = new Set(changed.map((t) => t.id));
      const updatedMs = (t: (typeof changed)[number]) => Date.parse(listTicket(service.context, t).updatedAt);
      expect(ticketsSince(service.context, list, since)).toEqual(
        changed.filter((t) => updatedMs(t) >= since),
      );
      const answers = store
        .all('answers')
        .filter((a) => questionIds.has(a.question_id) && changedIds.has(a.ticket_id))
        .filter((a) => Date.parse(a.updated_at) >= since);
      expect(answersSince(service.context, list, since)).toEqual(answers);
    }
  });
});
