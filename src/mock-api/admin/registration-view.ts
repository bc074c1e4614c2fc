// A registration as the Admin API shows it: the real service's fields (recordings and
// documented examples), money as JSON numbers like its records, and the 3.0 embeds.
// Guarantees: built from a Presenter alone (`registrationRecord(p, registration)`, and
// `{nested: true}` inside another record); `view=short` lists leave out all but the record's
// own fields in 3.0 and 3.1 alike; one registration is extended (the caller's `inFull`).
import '../model/refund';
import type { Registration } from '../model/registration';
import '../model/registration-details';
import type { Ticket } from '../model/ticket';
import type { Presenter, RecordOptions } from './presenter';
import { type EventScope, PUBLIC_ORIGIN, at, eventSummary, money, railsTime } from './scope';
import { ticketRecord } from './ticket-view';

export const REGISTRATION_EXPANDABLE = [
  'billing_address',
  'line_items',
  'payment',
  'receipt',
  'receipts',
  'refunds',
  'tickets',
] as const;

/** An incomplete registration holds its tickets this long before it may expire. */
const EXPIRY_MS = 15 * 60 * 1000;

export function registrationTickets(scope: EventScope, registration: Registration): Ticket[] {
  return scope.ctx.store.findBy('tickets', 'byRegistration', registration.id);
}

function liveTickets(scope: EventScope, registration: Registration): Ticket[] {
  return registrationTickets(scope, registration).filter((t) => t.state !== 'void');
}

export function isPaidFor(registration: Registration): boolean {
  return Number(registration.total) > 0;
}

function receiptSlug(registration: Registration): string {
  return `rct_${registration.slug.replace(/^reg_(test_)?/, '')}`;
}

/** Tickets grouped by release, in release position order: the line items and receipt lines. */
function lineItems(scope: EventScope, registration: Registration): Record<string, unknown>[] {
  const groups = new Map<number, Ticket[]>();
  for (const ticket of liveTickets(scope, registration)) {
    groups.set(ticket.release_id, [...(groups.get(ticket.release_id) ?? []), ticket]);
  }
  return [...groups].map(([releaseId, tickets]) => {
    const release = scope.ctx.store.get('releases', releaseId);
    const price = money(tickets[0]?.price) ?? 0;
    const total = tickets.reduce((sum, t) => sum + Number(t.price), 0);
    return {
      _type: 'line_item',
      id: releaseId * 1000 + registration.id,
      title: release?.title ?? null,
      created_at: at(scope, registration.created_at),
      updated_at: at(scope, registration.updated_at),
      quantity: tickets.length,
      price,
      price_inc_tax: price,
      price_ex_tax: price,
      test_mode: registration.test_mode,
      release_id: releaseId,
      release_slug: release?.slug ?? null,
      release_title: release?.title ?? null,
      total,
      currency: scope.event.currency,
    };
  });
}

function quantities(scope: EventScope, registration: Registration): Record<string, unknown> {
  const out: Record<string, { release: string; quantity: number }> = {};
  for (const ticket of liveTickets(scope, registration)) {
    const release = scope.ctx.store.get('releases', ticket.release_id);
    if (!release) continue;
    const entry = out[release.slug] ?? { release: release.title, quantity: 0 };
    entry.quantity += 1;
    out[release.slug] = entry;
  }
  return out;
}

function receipt(scope: EventScope, registration: Registration): Record<string, unknown> {
  return {
    id: registration.id,
    slug: receiptSlug(registration),
    total: money(registration.total),
    receipt_lines: lineItems(scope, registration).map((item, index) => ({
      id: index + 1,
      quantity: item.quantity,
      description: item.title,
      price: item.price,
      total: item.total,
      receipt_line_taxes: [],
    })),
  };
}

function receipts(scope: EventScope, registration: Registration): Record<string, unknown>[] {
  return [
    {
      _type: 'receipt',
      id: registration.id,
      total: money(registration.total),
      slug: receiptSlug(registration),
      created_at: at(scope, registration.created_at),
      updated_at: at(scope, registration.updated_at),
      currency: scope.event.currency,
      paid: registration.receipt_paid,
      payment: null,
      refund: null,
      billing_address: '',
      number: registration.id,
      company_name: registration.company_name,
      vat_number: registration.billing_address?.vat_number ?? null,
      test_mode: registration.test_mode,
      unique_url: `${PUBLIC_ORIGIN}/receipts/${receiptSlug(registration)}`,
      external_url: null,
    },
  ];
}

function refunds(scope: EventScope, registration: Registration): Record<string, unknown>[] {
  return scope.ctx.store.findBy('refunds', 'byRegistration', registration.id).map((refund) => ({
    _type: 'refund',
    id: refund.id,
    slug: refund.slug,
    amount: refund.amount,
    manual: refund.manual,
    created_at: at(scope, refund.created_at),
  }));
}

function payment(registration: Registration): Record<string, unknown> {
  return {
    reference: registration.payment_reference ?? null,
    type: registration.invoice ? 'invoice' : isPaidFor(registration) ? 'manual' : null,
    refundable_amount: money(registration.total),
  };
}

function related(p: Presenter, registration: Registration, name: string): unknown {
  switch (name) {
    case 'billing_address':
      return registration.billing_address ?? null;
    case 'line_items':
      return lineItems(p, registration);
    case 'payment':
      return payment(registration);
    case 'receipt':
      return receipt(p, registration);
    case 'receipts':
      return receipts(p, registration);
    case 'refunds':
      return refunds(p, registration);
    case 'tickets':
      return registrationTickets(p, registration).map((t) => ticketRecord(p, t, { nested: true }));
    default:
      return undefined;
  }
}

/**
 * `nested`: as a refund or a 3.0 ticket embeds it: 3.0's extended form with only its receipt
 * (its tickets would repeat the parent), and no 3.1 expansions.
 */
export function registrationRecord(
  p: Presenter,
  registration: Registration,
  { nested = false }: RecordOptions = {},
): Record<string, unknown> {
  const v30 = p.version === '3.0';
  const paidFor = isPaidFor(registration);
  const manual = registration.registration_type === 'manual';
  const refunded = p.ctx.store.findBy('refunds', 'byRegistration', registration.id).length > 0;
  const expiresAt = new Date(new Date(registration.created_at).getTime() + EXPIRY_MS).toISOString();
  const record: Record<string, unknown> = {
    _type: 'registration',
    ...(p.extended || (v30 && nested) ? { view: 'extended' } : {}),
    id: registration.id,
    slug: registration.slug,
    ...(v30 ? { billing_address: registration.billing_address ?? null } : {}),
    created_at: at(p, registration.created_at),
    updated_at: at(p, registration.updated_at),
    completed_at: at(p, registration.completed_at),
    discount_code: registration.discount_code ?? null,
    email: registration.email,
    job_title: registration.job_title,
    expires_at: railsTime(p, expiresAt),
    ip_address: registration.ip_address ?? null,
    locale: registration.locale,
    metadata: registration.metadata ?? null,
    name: registration.name,
    company_name: registration.company_name,
    payment_reference: registration.payment_reference ?? null,
    payment_option_name: registration.invoice ? 'invoice' : manual && paidFor ? 'manual' : null,
    phone_number: registration.phone_number,
    ...(v30 ? {} : { purchase_order_number: null }),
    registration_type: registration.registration_type,
    reference: registration.reference,
    source: registration.source,
    state: registration.state,
    test_mode: registration.test_mode,
    cancelled: registration.state === 'cancelled',
    cancelled_at: at(p, registration.cancelled_at),
    cancelled_by: registration.cancelled_by ?? null,
    free: !paidFor,
    paid: paidFor,
    invoice: registration.invoice,
    manual,
    imported: registration.registration_type === 'imported',
    refundable: paidFor && registration.receipt_paid && !refunded,
    refunded,
    partially_refunded: false,
    receipt_paid: registration.receipt_paid,
    receipt_number: String(registration.id).padStart(7, '0'),
    receipt_id: registration.id,
    payment_incomplete: paidFor && !registration.receipt_paid,
    payment_complete: paidFor && registration.receipt_paid,
    total: money(registration.total),
    tickets_count: liveTickets(p, registration).length,
    consented_at: at(p, registration.consented_at),
  };
  // Not the presenter's `extended`: registration lists honour `view=short` in 3.1 as well, and
  // a 3.0 list's default view embeds as the extended one does, only without `view`.
  if (!nested && p.view === 'short') return record;
  if (!v30) record.event = eventSummary(p);
  Object.assign(record, {
    terms_accepted: false,
    termset_ids: [],
    editable_total_and_prices: manual,
    ...(v30 ? { payment: payment(registration) } : {}),
    total_less_tax: money(registration.total),
    discount_code_id: registration.discount_code_id,
    payment_option_provider_name: null,
    quantities: quantities(p, registration),
  });
  if (v30) {
    for (const name of nested ? ['receipt'] : ['receipt', 'receipts', 'refunds', 'tickets', 'line_items']) {
      record[name] = related(p, registration, name);
    }
  } else if (!nested) {
    // In the order `expand` names them, after the record's own fields.
    for (const name of p.expanded) {
      if ((REGISTRATION_EXPANDABLE as readonly string[]).includes(name))
        record[name] = related(p, registration, name);
    }
  }
  return record;
}
