// The Check-in API's shapes, parsed once at the edge: timestamps become epoch milliseconds and
// snake_case fields become the rows the local copy stores. Fields the documents leave "not
// shown" (tickets, answers, questions) are lenient: only what the door needs is required.
// zod/mini, not zod: the door route's JavaScript has a size budget and these schemas are on it.
import * as z from 'zod/mini';

const time = z.pipe(
  z.string(),
  z.transform((value: string, ctx) => {
    const at = Date.parse(value);
    if (Number.isNaN(at)) {
      ctx.issues.push({ code: 'custom', message: 'not a timestamp', input: value });
      return z.NEVER;
    }
    return at;
  }),
);
const optionalTime = z.pipe(
  z.nullish(time),
  z.transform((v: number | null | undefined) => v ?? null),
);
const text = z.pipe(
  z.nullish(z.string()),
  z.transform((v: string | null | undefined) => v ?? null),
);
const count = z.pipe(
  z.nullish(z.int().check(z.nonnegative())),
  z.transform((v: number | null | undefined) => v ?? 0),
);
const flag = z.nullish(z.boolean());

export const checkinListSchema = z.pipe(
  z.object({
    id: z.number(),
    title: z.string(),
    slug: z.string(),
    expires_at: optionalTime,
    show_company_name: flag,
    show_email: flag,
    show_phone_number: flag,
    tickets_count: count,
    answers_count: count,
    questions_count: count,
    checkins_count: count,
    total_pages: count,
    total_ticket_pages: count,
    total_checkin_pages: count,
    total_answer_pages: count,
    account: z.nullish(z.object({ slug: z.string(), name: z.string() })),
    event: z.nullish(z.object({ slug: z.string(), title: z.string() })),
  }),
  z.transform((l) => ({
    id: l.id,
    title: l.title,
    slug: l.slug,
    expiresAt: l.expires_at,
    showCompanyName: l.show_company_name ?? false,
    showEmail: l.show_email ?? false,
    showPhoneNumber: l.show_phone_number ?? false,
    ticketsCount: l.tickets_count,
    answersCount: l.answers_count,
    questionsCount: l.questions_count,
    checkinsCount: l.checkins_count,
    pages: {
      tickets: l.total_ticket_pages || l.total_pages,
      checkins: l.total_checkin_pages,
      answers: l.total_answer_pages,
    },
    accountName: l.account?.name ?? null,
    eventTitle: l.event?.title ?? null,
  })),
);
export type RemoteList = z.output<typeof checkinListSchema>;

export const checkinSchema = z.pipe(
  z.object({
    id: z.number(),
    uuid: z.string(),
    ticket_id: z.number(),
    created_at: time,
    updated_at: time,
    deleted_at: optionalTime,
  }),
  z.transform((c) => ({
    id: c.id,
    uuid: c.uuid,
    ticketId: c.ticket_id,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    deletedAt: c.deleted_at,
  })),
);
export type RemoteCheckin = z.output<typeof checkinSchema>;

export const ticketSchema = z.pipe(
  z.object({
    id: z.number(),
    slug: z.string(),
    reference: z.string(),
    registration_reference: text,
    registration_name: text,
    registration_email: text,
    first_name: text,
    last_name: text,
    email: text,
    company_name: text,
    phone_number: text,
    job_title: text,
    release_title: text,
    state: text,
    payment_state: text,
    void: flag,
    created_at: optionalTime,
    updated_at: optionalTime,
  }),
  z.transform((t) => ({
    id: t.id,
    slug: t.slug,
    reference: t.reference,
    registrationReference: t.registration_reference,
    // The buyer (the registration's contact): optional, a service may leave them out.
    buyerName: t.registration_name,
    buyerEmail: t.registration_email,
    firstName: t.first_name,
    lastName: t.last_name,
    email: t.email,
    companyName: t.company_name,
    phoneNumber: t.phone_number,
    jobTitle: t.job_title,
    releaseTitle: t.release_title,
    state: t.void ? 'void' : t.state,
    paid: t.payment_state === null ? null : t.payment_state !== 'unpaid',
    updatedAt: t.updated_at ?? t.created_at ?? 0,
  })),
);
export type RemoteTicket = z.output<typeof ticketSchema>;

export const answerSchema = z.pipe(
  z.object({
    id: z.number(),
    ticket_id: z.number(),
    question_id: z.number(),
    response: z.optional(z.unknown()),
    humanized_response: text,
    updated_at: optionalTime,
  }),
  z.transform((a) => ({
    id: a.id,
    ticketId: a.ticket_id,
    questionId: a.question_id,
    response:
      a.humanized_response ??
      (Array.isArray(a.response) ? a.response.join(', ') : a.response == null ? '' : String(a.response)),
    updatedAt: a.updated_at ?? 0,
  })),
);
export type RemoteAnswer = z.output<typeof answerSchema>;

export const questionSchema = z.pipe(
  z.object({ id: z.number(), title: z.nullish(z.string()), description: text }),
  z.transform((q) => ({ id: q.id, title: q.title ?? '', description: q.description })),
);
export type RemoteQuestion = z.output<typeof questionSchema>;

export const checkinsPage = z.array(checkinSchema);
export const ticketsPage = z.array(ticketSchema);
export const answersPage = z.array(answerSchema);
export const questionsPage = z.array(questionSchema);
