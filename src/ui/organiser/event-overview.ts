// What an organiser asks of an event, answered from its releases as the Admin API shows them
// (document 2): is each release on sale and if not why, how many sold and left, what it took,
// and whether the event as a whole is on sale.
import { translated } from './translated';
import type { AdminRecord } from '../../api/admin-client';
import { t } from '../i18n/t';
import { type EventFormat, amountOf, formatInstant, formatMoney, sumMoney } from './event-format';

export type ReleaseSale =
  | { kind: 'on-sale'; until: string | null }
  | { kind: 'upcoming'; from: string }
  | { kind: 'ended'; at: string | null }
  | { kind: 'paused' }
  | { kind: 'sold-out' }
  | { kind: 'archived' };

export interface ReleaseLine {
  slug: string;
  title: string;
  sale: ReleaseSale;
  secret: boolean;
  price: unknown;
  pricing: string | null;
  sold: number;
  /** Tickets still to sell; null when the release has no quantity (no limit). */
  available: number | null;
  revenue: number | null;
}

export interface ReleasesSummary {
  lines: ReleaseLine[];
  sold: number;
  /** Left to sell across releases on sale or yet to open; null when one of them has no limit. */
  available: number | null;
  revenue: number;
}

const yes = (v: unknown) => v === true || v === 'true';
const time = (v: unknown) => (typeof v === 'string' && v !== '' ? Date.parse(v) : Number.NaN);

/** `state` is `on_sale`/100 or `off_sale`/404; `off_sale` and `state_name` say the same, read only. */
function paused(r: AdminRecord): boolean {
  if (r.off_sale !== undefined && r.off_sale !== null) return yes(r.off_sale);
  const state = r.state ?? r.state_name;
  return state === 'off_sale' || state === 404 || state === '404';
}

/** Why a release is or is not on sale now. Archived and paused come first: no date reopens them. */
export function releaseSale(r: AdminRecord, now: number): ReleaseSale {
  if (yes(r.archived)) return { kind: 'archived' };
  if (paused(r)) return { kind: 'paused' };
  if (yes(r.sold_out)) return { kind: 'sold-out' };
  const start = time(r.start_at);
  if (yes(r.upcoming) || start > now) return { kind: 'upcoming', from: String(r.start_at) };
  const end = time(r.end_at);
  if (yes(r.expired) || end <= now)
    return { kind: 'ended', at: typeof r.end_at === 'string' ? r.end_at : null };
  return { kind: 'on-sale', until: typeof r.end_at === 'string' && r.end_at ? r.end_at : null };
}

function count(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function releaseLine(r: AdminRecord, now: number): ReleaseLine {
  const sold = count(r.tickets_count);
  const quantity =
    r.quantity === null || r.quantity === undefined || r.quantity === '' ? null : count(r.quantity);
  return {
    slug: String(r.slug ?? r.id ?? ''),
    title: String(translated(r, 'title') ?? ''),
    sale: releaseSale(r, now),
    secret: yes(r.secret),
    price: r.price,
    pricing: typeof r.pricing_type === 'string' ? r.pricing_type : null,
    sold,
    available: quantity === null ? null : Math.max(0, quantity - sold),
    revenue: amountOf(r.gross_income),
  };
}

export function summariseReleases(records: readonly AdminRecord[], now: number): ReleasesSummary {
  const lines = records.map((r) => releaseLine(r, now));
  const selling = lines.filter((l) => l.sale.kind === 'on-sale' || l.sale.kind === 'upcoming');
  return {
    lines,
    sold: lines.reduce((n, l) => n + l.sold, 0),
    available: selling.some((l) => l.available === null)
      ? null
      : selling.reduce((n, l) => n + (l.available ?? 0), 0),
    revenue: sumMoney(lines.map((l) => l.revenue)),
  };
}

export interface EventSale {
  onSale: boolean;
  /** The headline: "On sale", "Not on sale". */
  headline: string;
  /** Why, in a sentence. */
  reason: string;
}

/** The event's sale in a headline and a reason, from its `live` flag and its releases. */
export function eventSale(
  event: AdminRecord,
  summary: ReleasesSummary,
  format: EventFormat | null,
): EventSale {
  const { lines } = summary;
  const not = (reason: string): EventSale => ({ onSale: false, headline: t('ovNotOnSale'), reason });
  if (lines.length === 0) return not(t('ovNoReleases'));
  const selling = lines.filter((l) => l.sale.kind === 'on-sale');
  if (selling.length > 0) {
    if (event.live === false) return not(t('ovNotLive', { n: selling.length }));
    const open = selling.filter((l) => !l.secret);
    if (open.length === 0)
      return {
        onSale: true,
        headline: t('ovOnSaleLinkOnly'),
        reason: t('ovSecretOnly', { n: selling.length }),
      };
    const hidden = selling.length - open.length;
    const sellingWords = t('ovReleasesSelling', {
      n: open.length,
      of: lines.length,
    });
    return {
      onSale: true,
      headline: t('ovOnSale'),
      reason: hidden > 0 ? `${sellingWords} ${t('ovAlsoSecret', { n: hidden })}` : sellingWords,
    };
  }
  const upcoming = lines
    .map((l) => (l.sale.kind === 'upcoming' ? l.sale.from : null))
    .filter((from): from is string => from !== null)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  if (upcoming[0]) return not(t('ovOpensAt', { when: formatInstant(upcoming[0], format) }));
  return not(t('ovBecause', { reasons: reasonsOf(lines) }));
}

/** "2 paused, 1 sold out" — each kind of stop with its count, in the order an organiser acts on. */
function reasonsOf(lines: readonly ReleaseLine[]): string {
  const order = ['paused', 'sold-out', 'ended', 'archived'] as const;
  return order
    .map((kind) => [kind, lines.filter((l) => l.sale.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => t(`ovCount_${kind}`, { n }))
    .join(', ');
}

/** A release's sale state in words: "On sale until 6 Jun 2026, 19:00", "Paused". */
export function saleWords(sale: ReleaseSale, format: EventFormat | null): string {
  switch (sale.kind) {
    case 'on-sale':
      return sale.until ? t('ovSaleUntil', { when: formatInstant(sale.until, format) }) : t('ovOnSale');
    case 'upcoming':
      return t('ovSaleFrom', { when: formatInstant(sale.from, format) });
    case 'ended':
      return sale.at ? t('ovSaleEnded', { when: formatInstant(sale.at, format) }) : t('ovSaleEndedUndated');
    case 'paused':
      return t('ovSalePaused');
    case 'sold-out':
      return t('ovSoldOut');
    case 'archived':
      return t('ovArchived');
  }
}

/** "Free" for a zero or absent price, "Donation", else the amount in the event's currency. */
export function priceWords(line: Pick<ReleaseLine, 'price' | 'pricing'>, format: EventFormat | null): string {
  if (line.pricing === 'donation') return t('ovDonation');
  const amount = amountOf(line.price);
  if (amount === null || amount === 0) return t('ovFree');
  return formatMoney(line.price, format);
}
