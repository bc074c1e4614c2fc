// A ticket as the Admin API shows it. The documents name tickets only as links; the fields and
// their order follow the real service's records (recordings and documented examples).
// Guarantees: built from a Presenter alone (`ticketRecord(p, ticket)`, `{nested: true}` inside
// another record); 3.0 lists are short unless `view=extended`, one ticket is extended (the
// caller's `inFull`), and 3.1 has one form plus the expansions asked, in the order asked.
import { answerResponse } from '../model/answer';
import '../model/activity';
import '../model/event-extras';
import type { Ticket } from '../model/ticket';
import { ticketName } from '../model/ticket';
import type { Presenter, RecordOptions } from './presenter';
import { registrationRecord } from './registration-view';
import { releaseRecord } from './release-view';
import { type EventScope, PUBLIC_ORIGIN, at, eventSummary, money } from './scope';

export const TICKET_EXPANDABLE = [
  'activities',
  'activity_ids',
  'activity_group_ids',
  'answers',
  'answer_ids',
  'changes_lock_default_description',
  'changes_lock_default_status',
  'chosen_activity_ids',
  'opt_ins',
  'possible_questions',
  'possible_question_ids',
  'questions',
  'question_ids',
  'question_triggers',
  'registration',
  'release',
  'responses',
  'unconditional_question_ids',
  'upgrade_ids',
  'upgrades',
  'voided_at',
  'voided_by',
] as const;

/** Not an email digest (no hashing library in the browser build): a stable stand-in for the avatar path. */
function avatarKey(email: string | null): string {
  let hash = 2166136261;
  for (const char of (email ?? '').trim().toLowerCase())
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return (hash >>> 0).toString(16).padStart(8, '0').repeat(4);
}

/**
 * `nested`: as a registration or an answer embeds it. 3.0 shows the extended form without the
 * ticket's own embeds (its registration would repeat the parent); 3.1 shows no expansions.
 */
export function ticketRecord(
  p: Presenter,
  ticket: Ticket,
  { nested = false }: RecordOptions = {},
): Record<string, unknown> {
  const { store } = p.ctx;
  const v30 = p.version === '3.0';
  const registration = store.get('registrations', ticket.registration_id);
  const release = store.get('releases', ticket.release_id);
  const price = money(ticket.price) ?? 0;
  // 3.0 shows a list's tickets short unless `view=extended`; an embedded ticket is extended.
  const extended = p.extended || (v30 && nested);
  const record: Record<string, unknown> = {
    _type: 'ticket',
    ...(extended ? { view: 'extended' } : {}),
    id: ticket.id,
    slug: ticket.slug,
    unique_url: `${PUBLIC_ORIGIN}/tickets/${ticket.slug}`,
    company_name: ticket.company_name,
    job_title: ticket.job_title,
    email: ticket.email,
    metadata: ticket.metadata ?? null,
    first_name: ticket.first_name,
    last_name: ticket.last_name,
    name: ticketName(ticket),
    number: ticket.number,
    phone_number: ticket.phone_number,
    price,
    reference: ticket.reference,
    state: ticket.state,
    test_mode: ticket.test_mode,
    registration_id: ticket.registration_id,
    ...(v30
      ? { registration_name: registration?.name ?? null, registration_email: registration?.email ?? null }
      : {}),
    release_id: ticket.release_id,
    ...(v30 ? { release_title: release?.title ?? null } : {}),
    release_archived: release?.archived ?? false,
    avatar_url: `https://secure.gravatar.com/avatar/${avatarKey(ticket.email)}`,
    void: ticket.state === 'void',
    changes_locked: false,
    consented_at: at(p, ticket.consented_at),
    discount_code_used: ticket.discount_code_used,
    tag_names: ticket.tag_names,
    created_at: at(p, ticket.created_at),
    updated_at: at(p, ticket.updated_at),
  };
  if (v30 && !extended) return record;
  if (!v30) record.event = eventSummary(p);
  if (v30) {
    record.opt_ins = [];
    record.responses = responses(p, ticket);
  }
  Object.assign(record, {
    assigned: Boolean(ticket.email || ticket.first_name || ticket.last_name),
    qr_url: `https://qr.tito.io/tickets/${ticket.slug}`,
    show_qr_code: true,
    ...(v30 ? {} : { vcard_url: null, vcard_data: null }),
    qr_code_disabled: false,
    price_less_tax: price,
    total_paid: price,
    total_tax_paid: 0,
    total_paid_less_tax: price,
    tags: ticket.tag_names.length > 0 ? ticket.tag_names.join(', ') : null,
  });
  if (v30) {
    Object.assign(record, {
      upgrade_ids: [],
      registration_slug: registration?.slug ?? null,
      release_slug: release?.slug ?? null,
    });
  }
  record.lock_changes = v30 ? false : null;
  if (v30) record.activities = activities(p, ticket);
  // What the embedded form leaves out: 3.0's embeds (extended here), 3.1's expansions.
  if (nested) return record;
  if (v30) {
    record.registration = registration ? registrationRecord(p, registration, { nested: true }) : null;
    record.release = release ? releaseRecord(p, release, { nested: true }) : null;
    record.answers = answers(p, ticket);
  } else Object.assign(record, ticketExpansions(p, ticket));
  return record;
}

/** 3.1: the expansions asked, in the order asked (the keys follow the record's own fields). */
function ticketExpansions(p: Presenter, ticket: Ticket): Record<string, unknown> {
  const { store } = p.ctx;
  const out: Record<string, unknown> = {};
  for (const name of p.expanded) {
    if (!(TICKET_EXPANDABLE as readonly string[]).includes(name)) continue;
    const registration = store.get('registrations', ticket.registration_id);
    const release = store.get('releases', ticket.release_id);
    if (name === 'registration')
      out.registration = registration ? registrationRecord(p, registration, { nested: true }) : null;
    else if (name === 'release') out.release = release ? releaseRecord(p, release, { nested: true }) : null;
    else if (name === 'answers') out.answers = answers(p, ticket);
    else if (name === 'answer_ids')
      out.answer_ids = store.findBy('answers', 'byTicket', ticket.id).map((a) => a.id);
    else if (name === 'responses') out.responses = responses(p, ticket);
    else if (name === 'activities') out.activities = activities(p, ticket);
    else if (name === 'activity_ids') out.activity_ids = activities(p, ticket).map((a) => a.id);
    else if (name === 'voided_at' || name === 'voided_by') out[name] = null;
    else if (name === 'changes_lock_default_description' || name === 'changes_lock_default_status')
      out[name] = null;
    else out[name] = [];
  }
  return out;
}

function responses(scope: EventScope, ticket: Ticket): Record<string, string> {
  const out: Record<string, string> = {};
  for (const answer of scope.ctx.store.findBy('answers', 'byTicket', ticket.id)) {
    const question = scope.ctx.store.get('questions', answer.question_id);
    if (question) out[question.slug] = answerResponse(answer);
  }
  return out;
}

function answers(scope: EventScope, ticket: Ticket): Record<string, unknown>[] {
  return scope.ctx.store.findBy('answers', 'byTicket', ticket.id).map((answer) => {
    const question = scope.ctx.store.get('questions', answer.question_id);
    return {
      _type: 'answer',
      ...(scope.version === '3.0' ? { view: 'extended' } : {}),
      id: answer.id,
      download_url: answer.download_url,
      question_id: answer.question_id,
      ticket_id: ticket.id,
      ticket_reference: ticket.reference,
      ticket_slug: ticket.slug,
      ticket_email: ticket.email,
      ticket_name: ticketName(ticket),
      response: answerResponse(answer),
      primary_response: answer.primary_response,
      alternate_response: answer.alternate_response,
      question_title: question?.title ?? null,
    };
  });
}

/** The activities a ticket's release gives access to, in the short form the 3.0 ticket embeds. */
function activities(scope: EventScope, ticket: Ticket): { id: number; [key: string]: unknown }[] {
  // Activities have no venue of their own here: they take place at the event's first venue.
  const venueId = scope.ctx.store.findBy('venues', 'byEvent', scope.event.id)[0]?.id ?? null;
  return scope.ctx.store
    .findBy('activities', 'byEvent', scope.event.id)
    .filter((a) => a.release_ids.includes(ticket.release_id))
    .map((a) => ({
      id: a.id,
      event_id: a.event_id,
      name_before_translations: null,
      capacity: a.capacity,
      created_at: at(scope, a.created_at),
      updated_at: at(scope, a.updated_at),
      accommodation: null,
      importer_id: null,
      show_to_attendee: a.show_to_attendee,
      venue_id: venueId,
      start_time: a.start_time,
      end_time: a.end_time,
      date: a.date,
      description: a.description,
      name: a.name,
    }));
}
