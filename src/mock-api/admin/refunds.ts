// Admin API: refunds (document 1), read only. A refund belongs to a registration, so each mode
// sees the refunds of its own registrations; the other mode's answers 404 with a hint.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { pagedListResponse, recordResponse } from '../http/envelope';
import { notFound } from '../../http/errors';
import { expandableMeta } from '../http/expand';
import { inCallerMode, slugOrId } from '../http/scope';
import type { Refund } from '../model/refund';
import { type Presenter, presenter, shows } from './presenter';
import { registrationRecord } from './registration-view';
import { at } from './scope';

const REFUND_EXPANDABLE = ['registration'] as const;

function refundRecord(p: Presenter, refund: Refund): Record<string, unknown> {
  const record: Record<string, unknown> = {
    _type: 'refund',
    id: refund.id,
    amount: refund.amount,
    created_at: at(p, refund.created_at),
    manual: refund.manual,
  };
  // 3.0 embeds the registration in lists and records alike, as its documented samples do.
  if (p.version === '3.0' || shows(p, 'registration')) {
    const registration = p.ctx.store.get('registrations', refund.registration_id);
    record.registration = registration ? registrationRecord(p, registration, { nested: true }) : null;
  }
  return record;
}

function modeOf(p: Presenter, refund: Refund): boolean {
  return p.ctx.store.get('registrations', refund.registration_id)?.test_mode ?? false;
}

function findRefund(c: AdminContext, p: Presenter): Refund {
  const { id, slug } = slugOrId(c.req.param('refund_id') ?? '');
  const { store } = p.ctx;
  const found =
    store.findOne('refunds', 'bySlug', slug) ?? (id !== undefined ? store.get('refunds', id) : undefined);
  if (!found || found.event_id !== p.event.id) throw notFound();
  inCallerMode(c, { test_mode: modeOf(p, found) });
  return found;
}

export function registerRefunds(app: AdminApp, ctx: ServiceContext): void {
  const base = '/:account_slug/:event_slug/refunds';

  app.get(base, (c) => {
    const p = presenter(c, ctx, 'list');
    const test = p.mode === 'test';
    const rows = ctx.store
      .findBy('refunds', 'byEvent', p.event.id)
      .filter((r) => modeOf(p, r) === test)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
    return pagedListResponse(c, 'refunds', rows, (r) => refundRecord(p, r), {
      overallTotal: rows.length,
      expandable: expandableMeta(REFUND_EXPANDABLE, p.expanded),
    });
  });

  app.get(`${base}/:refund_id`, (c) => {
    const p = presenter(c, ctx, 'record');
    return recordResponse(c, 'refund', refundRecord(p, findRefund(c, p)), {
      expandable: expandableMeta(REFUND_EXPANDABLE, p.expanded),
    });
  });
}
