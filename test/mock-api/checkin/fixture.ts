// A small event with a check-in list, tickets in several states and a question with answers.
import {
  makeBasics,
  makeCheckinList,
  makeQuestion,
  makeRegistration,
  makeRelease,
  makeTicket,
} from '../factories';
import type { MockConfig } from '../../../src/mock-api/context';
import { NOW, createTestService } from '../support';

export const LIST = 'chk_ptestlist0000000000000';

export async function checkinFixture(
  listOver: Parameters<typeof makeCheckinList>[2] = {},
  config: MockConfig = {},
) {
  const setup = createTestService(config);
  const { service, ctx } = setup;
  await service.ready;
  const data = await service.write(() => {
    const { event, release } = makeBasics(ctx);
    const vip = makeRelease(ctx, event, { slug: 'vip', title: 'VIP', price: '200.00' });
    const paid = makeRegistration(ctx, event, {
      reference: 'PAID',
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    const unpaid = makeRegistration(ctx, event, { reference: 'UNPD', receipt_paid: false, invoice: true });
    const test = makeRegistration(ctx, event, { reference: 'TEST', test_mode: true });
    const cancelled = makeRegistration(ctx, event, { reference: 'CANC', state: 'cancelled' });
    const tickets = {
      general: makeTicket(ctx, paid, release),
      vip: makeTicket(ctx, paid, vip),
      unpaid: makeTicket(ctx, unpaid, release),
      test: makeTicket(ctx, test, release),
      void: makeTicket(ctx, cancelled, release, { state: 'void' }),
    };
    const question = makeQuestion(ctx, event);
    const answer = ctx.store.insert('answers', {
      event_id: event.id,
      question_id: question.id,
      ticket_id: tickets.general.id,
      primary_response: 'M',
      alternate_response: null,
      download_url: null,
      created_at: NOW,
      updated_at: NOW,
    });
    const list = makeCheckinList(ctx, event, listOver);
    return { event, release, vip, tickets, question, answer, list };
  });
  return { ...setup, ...data };
}
