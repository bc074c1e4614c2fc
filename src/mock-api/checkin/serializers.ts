// Shapes of the Check-in API. Datetimes in UTC with milliseconds and `Z`. The ticket, question
// and answer shapes are our choice (document 3 does not show them): docs/checkin-api-choices.md.
import { formatUtc } from '../http/format';
import { type Answer, answerResponse } from '../model/answer';
import type { Checkin } from '../model/checkin';
import type { Question } from '../model/question';
import { paymentState, type Registration } from '../model/registration';
import type { Release } from '../model/release';
import { type Ticket, ticketName } from '../model/ticket';
import type { ListTicket } from './membership';

export function ticketJson({
  ticket,
  registration,
  release,
  updatedAt,
}: ListTicket): Record<string, unknown> {
  return {
    id: ticket.id,
    slug: ticket.slug,
    reference: ticket.reference,
    registration_id: ticket.registration_id,
    registration_reference: registration?.reference ?? null,
    registration_slug: registration?.slug ?? null,
    registration_name: registration ? buyerName(registration) : null,
    registration_email: registration?.email ?? null,
    first_name: ticket.first_name,
    last_name: ticket.last_name,
    name: ticketName(ticket),
    email: ticket.email,
    company_name: ticket.company_name,
    phone_number: ticket.phone_number,
    job_title: ticket.job_title,
    release_id: ticket.release_id,
    release_slug: release?.slug ?? null,
    release_title: release?.title ?? null,
    release: release ? { id: release.id, slug: release.slug, title: release.title } : null,
    state: ticket.state,
    void: ticket.state === 'void',
    payment_state: registration ? paymentState(registration) : 'free',
    registration_state: registration?.state ?? null,
    tag_names: ticket.tag_names,
    created_at: formatUtc(ticket.created_at),
    updated_at: formatUtc(updatedAt),
  };
}

/** The buyer's name as the order holds it: its own name, else the buyer's first and last names. */
function buyerName(registration: Registration): string | null {
  return (
    registration.name || [registration.first_name, registration.last_name].filter(Boolean).join(' ') || null
  );
}

export function checkinJson(checkin: Checkin): Record<string, unknown> {
  return {
    id: checkin.id,
    uuid: checkin.uuid,
    created_at: formatUtc(checkin.created_at),
    updated_at: formatUtc(checkin.updated_at),
    ticket_id: checkin.ticket_id,
    deleted_at: formatUtc(checkin.deleted_at),
  };
}

/** A created check-in: the record with the ticket and its release. */
export function createdCheckinJson(
  checkin: Checkin,
  ticket: Ticket,
  release: Release | undefined,
): Record<string, unknown> {
  const { id, ticket_id, created_at, updated_at, deleted_at, uuid } = checkinJson(checkin);
  return {
    id,
    ticket_id,
    created_at,
    updated_at,
    deleted_at,
    uuid,
    ticket: {
      slug: ticket.slug,
      reference: ticket.reference,
      email: ticket.email,
      first_name: ticket.first_name,
      last_name: ticket.last_name,
    },
    release: release ? { slug: release.slug, title: release.title } : null,
  };
}

export function questionJson(question: Question): Record<string, unknown> {
  return {
    id: question.id,
    slug: question.slug,
    title: question.title,
    description: question.description,
    field_type: question.field_type,
    options: question.options,
    include_free_text_field: question.include_free_text_field,
    options_free_text_field: question.options_free_text_field,
    required: question.required ?? false,
    position: question.position,
    created_at: formatUtc(question.created_at),
    updated_at: formatUtc(question.updated_at),
  };
}

export function answerJson(answer: Answer): Record<string, unknown> {
  const response = answerResponse(answer);
  return {
    id: answer.id,
    ticket_id: answer.ticket_id,
    question_id: answer.question_id,
    response,
    humanized_response: response,
    primary_response: answer.primary_response,
    alternate_response: answer.alternate_response,
    download_url: answer.download_url,
    created_at: formatUtc(answer.created_at),
    updated_at: formatUtc(answer.updated_at),
  };
}
