// Admin API: registrations (orders) of an event, mode-separated like the real service: a test
// token sees and writes only test registrations.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../../http/body';
import { pagedListResponse, type Answered, recordAnswer } from '../http/envelope';
import { notFound } from '../../http/errors';
import { apiVersionString, expandableMeta } from '../http/expand';
import { stateFilterOptions } from '../http/list-meta';
import { inCallerMode, recordId } from '../http/scope';
import { Attributes, INVALID } from '../http/validation';
import type { Registration } from '../model/registration';
import { BILLING_ADDRESS_KEYS, type BillingAddress } from '../model/registration-details';
import { createRegistration } from './registration-orders';
import { REGISTRATION_FILTER, REGISTRATION_SORTS, searchRegistrations } from './registration-search';
import { REGISTRATION_EXPANDABLE, registrationRecord } from './registration-view';
import { type Presenter, inFull, presenter } from './presenter';
import { type EventScope, callerModeRecords } from './scope';

const REGISTRATIONS_PATH = '/:account_slug/:event_slug/registrations';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function findRegistration(c: AdminContext, scope: EventScope): Registration {
  const key = c.req.param('registration_slug') ?? '';
  const { store } = scope.ctx;
  const id = recordId(key);
  const found =
    store.findOne('registrations', 'bySlug', key) ??
    (id === undefined ? undefined : store.get('registrations', id));
  if (found && found.event_id !== scope.event.id) throw notFound();
  return inCallerMode(c, found);
}

/** One registration is always the extended record, whatever `view` asks (as recorded). */
function answer(
  c: AdminContext,
  p: Presenter,
  registration: Registration,
  answered: Answered = 'read',
): Response {
  return recordAnswer(
    c,
    'registration',
    registrationRecord(inFull(p), registration),
    answered,
    expandableMeta(REGISTRATION_EXPANDABLE, p.expanded),
  );
}

/**
 * Update and confirmations: 3.1 answers `{registration, meta}` like its documented example;
 * 3.0 answers the update object document 2 describes, with the registration inside it.
 */
function changeAnswer(c: AdminContext, p: Presenter, registration: Registration): Response {
  if (p.version === '3.1') return answer(c, p, registration, 'updated');
  const record = registrationRecord(inFull(p), registration);
  return c.json({
    email: registration.email,
    metadata: registration.metadata ?? null,
    name: registration.name,
    payment_reference: registration.payment_reference ?? null,
    phone_number: registration.phone_number,
    source: registration.source,
    registration: record,
    total: record.total,
    update_receipt: true,
    billing_address_attributes: registration.billing_address ?? null,
    receipt_lines_attributes: [],
    meta: { api_version: apiVersionString(p.version) },
  });
}

function registrationPatch(attrs: Attributes, current: Registration): Partial<Registration> {
  const patch: Partial<Registration> = {};
  for (const key of ['company_name', 'name', 'payment_reference', 'phone_number', 'source'] as const) {
    const value = attrs.string(key);
    if (value !== undefined) patch[key] = value?.trim() || null;
  }
  if (patch.name !== undefined) {
    const [first, ...rest] = (patch.name ?? '').split(/\s+/);
    patch.first_name = first || null;
    patch.last_name = rest.join(' ') || null;
  }
  const email = attrs.string('email');
  if (email !== undefined && attrs.required('email', email)) {
    if (EMAIL.test(email.trim())) patch.email = email.trim();
    else attrs.errors.add('email', INVALID);
  }
  if (attrs.has('metadata')) patch.metadata = attrs.value('metadata');
  const total = attrs.decimal('total');
  if (total !== undefined) {
    if (total === null || Number(total) < 0) attrs.errors.add('total', INVALID);
    else patch.total = total;
  }
  const address = attrs.value('billing_address_attributes');
  if (address !== undefined) {
    if (!address || typeof address !== 'object' || Array.isArray(address))
      attrs.errors.add('billing_address', INVALID);
    else {
      const fields = new Attributes(address as Record<string, unknown>, attrs.errors);
      const next: BillingAddress = { ...emptyAddress(), ...current.billing_address };
      for (const key of BILLING_ADDRESS_KEYS) {
        const value = fields.string(key);
        if (value !== undefined) next[key] = value;
      }
      patch.billing_address = next;
    }
  }
  return patch;
}

function emptyAddress(): BillingAddress {
  return {
    address: null,
    city: null,
    country: null,
    state_province_region: null,
    vat_number: null,
    zip_postal_code: null,
  };
}

export function registerRegistrations(app: AdminApp, ctx: ServiceContext): void {
  app.get(REGISTRATIONS_PATH, (c) => {
    const p = presenter(c, ctx, 'list');
    const all = callerModeRecords(p, 'registrations');
    const { records, selected, hiddenByDefault } = searchRegistrations(p, all);
    return pagedListResponse(c, 'registrations', records, (r) => registrationRecord(p, r), {
      overallTotal: all.length,
      expandable: expandableMeta(REGISTRATION_EXPANDABLE, p.expanded),
      hiddenByDefault: { states: ['cancelled'], count: hiddenByDefault },
      sortOptions: REGISTRATION_SORTS,
      filterOptions: stateFilterOptions(REGISTRATION_FILTER.options, selected),
      filtersTaken: true,
    });
  });

  app.get(`${REGISTRATIONS_PATH}/:registration_slug`, (c) => {
    const p = presenter(c, ctx, 'record');
    return answer(c, p, findRegistration(c, p));
  });

  app.post(REGISTRATIONS_PATH, async (c) => {
    const p = presenter(c, ctx, 'record');
    const registration = createRegistration(p, await readAttributes(c.req.raw, 'registration'));
    return answer(c, p, registration, 'created');
  });

  app.patch(`${REGISTRATIONS_PATH}/:registration_slug`, async (c) => {
    const p = presenter(c, ctx, 'record');
    const registration = findRegistration(c, p);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'registration'));
    const patch = registrationPatch(attrs, registration);
    attrs.errors.throwIfAny();
    const updated = ctx.store.update('registrations', registration.id, {
      ...patch,
      updated_at: p.now.toISOString(),
    });
    return changeAnswer(c, p, updated);
  });

  // Marking paid and unpaid (pay by invoice): only the receipt's paid flag moves.
  for (const [method, paid] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    app[method](`${REGISTRATIONS_PATH}/:registration_slug/confirmations`, (c) => {
      const p = presenter(c, ctx, 'record');
      const registration = findRegistration(c, p);
      const updated = ctx.store.update('registrations', registration.id, {
        receipt_paid: paid,
        updated_at: p.now.toISOString(),
      });
      return changeAnswer(c, p, updated);
    });
  }
}
