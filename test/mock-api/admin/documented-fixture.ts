// One event with a release, a question answered on a ticket, an activity and a registration of
// each kind: enough for every documented example of registrations, releases and tickets.
import type { ServiceContext } from '../../../src/mock-api/context';
import '../../../src/mock-api/model/event-extras';
import '../../../src/mock-api/model/rsvp';
import { makeBasics, makeQuestion, makeRegistration, makeTicket } from '../factories';
import { NOW, createTestService } from '../support';

export async function documentedFixture() {
  const t = createTestService();
  await t.service.ready;
  const made = await t.service.write(() => build(t.ctx));
  return { ...t, ...made };
}

function build(ctx: ServiceContext) {
  const { account, event, release } = makeBasics(ctx);
  const updated = ctx.store.update('releases', release.id, {
    metadata: { my_release_variable: 'else' },
    description: 'The whole conference',
    quantity: 300,
    suggested_donation: '50.00',
  });
  const question = makeQuestion(ctx, event);
  ctx.store.update('releases', release.id, { question_ids: [question.id] });
  const registration = makeRegistration(ctx, event, {
    company_name: 'Acme',
    job_title: 'Engineer',
    ip_address: '192.0.2.1',
    discount_code: 'FREE2U',
    payment_reference: 'PO-1',
    invoice: true,
    receipt_paid: false,
  });
  const ticket = makeTicket(ctx, registration, updated, {
    company_name: 'Acme',
    discount_code_used: 'FREE2U',
  });
  makeTicket(ctx, registration, updated, { price: '0.00' });
  ctx.store.insert('answers', {
    event_id: event.id,
    question_id: question.id,
    ticket_id: ticket.id,
    primary_response: 'M',
    alternate_response: null,
    download_url: null,
    created_at: NOW,
    updated_at: NOW,
  });
  ctx.store.insert('activities', {
    event_id: event.id,
    name: 'Workshop',
    description: 'Hands on',
    date: '2026-06-15',
    start_time: '09:00',
    end_time: '12:00',
    capacity: 20,
    show_to_attendee: true,
    kind: 'public_automatic',
    release_ids: [release.id],
    question_ids: [],
    translations: null,
    created_at: NOW,
    updated_at: NOW,
  });
  ctx.store.insert('venues', {
    event_id: event.id,
    name: 'Hall A',
    address: '1 Main St',
    show: true,
    latitude: null,
    longitude: null,
    zoomlevel: null,
    link: null,
    url: null,
    position: 0,
    created_at: NOW,
    updated_at: NOW,
  });
  const rsvpList = ctx.store.insert('rsvp_lists', {
    event_id: event.id,
    slug: 'rsvp_list_pwelcome',
    title: 'Welcome',
    message_slug: null,
    created_at: NOW,
    updated_at: NOW,
  });
  ctx.store.insert('release_invitations', {
    event_id: event.id,
    rsvp_list_id: rsvpList.id,
    slug: 'rsvp_pinvite',
    email: 'guest@example.com',
    first_name: 'Guest',
    last_name: 'One',
    discount_code: null,
    expires_at: null,
    redirect: false,
    release_ids: [release.id],
    status: 'yes',
    registration_id: registration.id,
    created_at: NOW,
    updated_at: NOW,
  });
  return { account, event, rsvpList, release: updated, question, registration, ticket };
}
