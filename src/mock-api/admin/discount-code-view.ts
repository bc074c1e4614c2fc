// A discount code as the Admin API shows it: `state` from its window, usage from the
// registrations and tickets that used it, and the generated description the real service
// shows when the organiser wrote none.
import type { Presenter } from './presenter';
import { linkedIdArrays, present, shows } from './presenter';
import { type DiscountCode, discountCodeState } from '../model/discount-code';
import { releaseRecord } from './release-view';
import { type DiscountUsage, discountUsages } from './sales-counts';
import { PUBLIC_ORIGIN, at } from './scope';

export const DISCOUNT_CODE_EXPANDABLE = ['releases', 'release_ids', 'release_slugs'] as const;

const SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', AUD: 'A$', CAD: 'C$', JPY: '¥' };

/** Decimals the way the real service prints them here: `25.0`, `12.5`, `10.55`. */
export function decimalValue(value: string | number): string {
  const text = String(Number(value));
  return text.includes('.') || text.includes('e') ? text : `${text}.0`;
}

export function discountUsage(p: Presenter, code: DiscountCode): DiscountUsage {
  return discountUsages(p, code.event_id).get(code.id) ?? { registrations: 0, tickets: 0 };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function generatedDescription(p: Presenter, code: DiscountCode, used: number, releases: number): string {
  const amount =
    code.type === 'PercentOffDiscountCode'
      ? `${decimalValue(code.value)}%`
      : `${SYMBOLS[p.event.currency] ?? `${p.event.currency} `}${
          Number.isInteger(Number(code.value)) ? Number(code.value) : Number(code.value).toFixed(2)
        }`;
  const limit = code.quantity === null ? 'Unlimited.' : `Limited to ${plural(code.quantity, 'ticket')}.`;
  const usage = used === 0 ? 'Not used yet.' : `Used ${plural(used, 'time')}.`;
  return `Sell for ${amount} less. ${limit} Applies to ${plural(releases, 'ticket')}. ${usage}`;
}

export function discountCodeRecord(p: Presenter, code: DiscountCode): Record<string, unknown> {
  const usage = discountUsage(p, code);
  const releases = present(p, 'releases', code.release_ids);
  const v30 = p.version === '3.0';
  const record: Record<string, unknown> = {
    _type: 'discount_code',
    ...(p.extended ? { view: 'extended' } : {}),
    id: code.id,
    code: code.code,
    description: code.description ?? generatedDescription(p, code, usage.tickets, releases.length),
    description_for_organizer: code.description_for_organizer,
    end_at: at(p, code.end_at),
    max_quantity_per_release: code.max_quantity_per_release,
    min_quantity_per_release: code.min_quantity_per_release,
    only_show_attached: code.show_public_releases === 'only_attached',
    quantity: code.quantity,
    quantity_used: usage.tickets,
    registrations_count: usage.registrations,
    reveal_secret: code.show_secret_releases !== 'none',
  };
  if (v30) record.source_id = null;
  else {
    record.show_public_releases = code.show_public_releases;
    record.show_secret_releases = code.show_secret_releases;
  }
  Object.assign(record, {
    share_url: `${PUBLIC_ORIGIN}/${p.account.slug}/${p.event.slug}/discount/${encodeURIComponent(code.code)}`,
    start_at: at(p, code.start_at),
    state: discountCodeState(code, p.now),
  });
  if (v30) record.discount_code_type = code.type;
  Object.assign(record, {
    tickets_count: usage.tickets,
    type: code.type,
    value: decimalValue(code.value),
    block_registrations_if_not_applicable: code.block_registrations_if_not_applicable,
    disable_for_degressive: code.disable_for_degressive,
  });
  if (v30 && p.extended) record.release_ids = releases.map((r) => r.id);
  if (shows(p, 'releases')) record.releases = releases.map((r) => releaseRecord(p, r, { nested: true }));
  if (v30 && p.extended) record.source = code.source;
  Object.assign(record, linkedIdArrays(p, 'releases', 'release', releases));
  return record;
}
