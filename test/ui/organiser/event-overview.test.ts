import { describe, expect, it } from 'vitest';
import type { AdminRecord } from '../../../src/api/admin-client';
import { eventFormat } from '../../../src/ui/organiser/event-format';
import {
  eventSale,
  priceWords,
  releaseSale,
  saleWords,
  summariseReleases,
} from '../../../src/ui/organiser/event-overview';

const NOW = Date.parse('2026-06-15T12:00:00.000Z');
const format = eventFormat({ currency: 'EUR', timezone: 'Europe/Paris' }, 'en-GB');

/** A release as the service shows it, on sale with no window unless told otherwise. */
function release(over: AdminRecord = {}): AdminRecord {
  return {
    slug: `rel-${Math.random()}`,
    title: 'Standard',
    price: '25.0',
    pricing_type: 'paid',
    quantity: 100,
    tickets_count: 0,
    gross_income: null,
    off_sale: false,
    sold_out: false,
    archived: false,
    secret: false,
    start_at: null,
    end_at: null,
    ...over,
  };
}

describe('a release’s sale, in words', () => {
  it('is on sale until its end, or without an end', () => {
    const sale = releaseSale(release({ end_at: '2026-06-20T18:00:00.000Z' }), NOW);
    expect(sale).toEqual({ kind: 'on-sale', until: '2026-06-20T18:00:00.000Z' });
    expect(saleWords(sale, format)).toBe('On sale until 20 Jun 2026, 20:00');
    expect(saleWords(releaseSale(release(), NOW), format)).toBe('On sale');
  });

  it('says when a window opens or closed, on the event’s clock', () => {
    const upcoming = releaseSale(release({ start_at: '2026-07-01T08:00:00.000Z' }), NOW);
    expect(saleWords(upcoming, format)).toBe('Opens 1 Jul 2026, 10:00');
    const ended = releaseSale(release({ end_at: '2026-06-01T08:00:00+00:00', expired: true }), NOW);
    expect(saleWords(ended, format)).toBe('Sale ended 1 Jun 2026, 10:00');
  });

  it('puts archived and paused before dates, and sold out before windows', () => {
    expect(releaseSale(release({ archived: true, off_sale: true }), NOW).kind).toBe('archived');
    expect(releaseSale(release({ off_sale: true, sold_out: true }), NOW).kind).toBe('paused');
    expect(releaseSale(release({ off_sale: undefined, state: 404 }), NOW).kind).toBe('paused');
    expect(releaseSale(release({ off_sale: undefined, state: 'on_sale' }), NOW).kind).toBe('on-sale');
    expect(releaseSale(release({ sold_out: true, end_at: '2026-06-01T00:00:00Z' }), NOW).kind).toBe(
      'sold-out',
    );
  });

  it('prices a free or donation release in words and others in the currency', () => {
    expect(priceWords({ price: '0.0', pricing: 'free' }, format)).toBe('Free');
    expect(priceWords({ price: null, pricing: 'donation' }, format)).toBe('Donation');
    expect(priceWords({ price: 25, pricing: 'paid' }, format)).toBe('€25.00');
  });
});

describe('sales of the event', () => {
  it('adds up sold, left and revenue; a release with no limit makes what is left unlimited', () => {
    const limited = summariseReleases(
      [
        release({ tickets_count: 3, quantity: 100, gross_income: 75 }),
        release({ tickets_count: 2, quantity: 10, gross_income: '49.90', off_sale: true }),
      ],
      NOW,
    );
    expect(limited.sold).toBe(5);
    // The paused release's 8 are not for sale now.
    expect(limited.available).toBe(97);
    expect(limited.revenue).toBe(124.9);
    const open = summariseReleases([release({ quantity: null })], NOW);
    expect(open.available).toBeNull();
    expect(open.lines[0]?.available).toBeNull();
  });

  it('is on sale when a public release sells and the event is live', () => {
    const summary = summariseReleases([release(), release({ off_sale: true })], NOW);
    expect(eventSale({ live: true }, summary, format)).toEqual({
      onSale: true,
      headline: 'On sale',
      reason: '1 of 2 releases on sale.',
    });
  });

  it('is not on sale while the event is not live, even with releases on sale', () => {
    const sale = eventSale({ live: false }, summariseReleases([release()], NOW), format);
    expect(sale.onSale).toBe(false);
    expect(sale.reason).toMatch(/not live/);
  });

  it('counts secret releases on sale apart from public ones', () => {
    const summary = summariseReleases(
      [release(), release({ secret: true }), release({ off_sale: true })],
      NOW,
    );
    expect(eventSale({ live: true }, summary, format).reason).toBe(
      '1 of 3 releases on sale. And 1 secret, by share link only.',
    );
  });

  it('sells by link only when every release on sale is secret', () => {
    const sale = eventSale({ live: true }, summariseReleases([release({ secret: true })], NOW), format);
    expect(sale).toMatchObject({ onSale: true, headline: 'On sale by link only' });
  });

  it('says when sales open, or why nothing sells', () => {
    const none = eventSale({ live: true }, summariseReleases([], NOW), format);
    expect(none).toMatchObject({
      onSale: false,
      reason: 'There are no releases yet: create one to sell tickets.',
    });
    const soon = summariseReleases(
      [release({ start_at: '2026-08-01T08:00:00Z' }), release({ start_at: '2026-07-01T08:00:00Z' })],
      NOW,
    );
    expect(eventSale({ live: true }, soon, format).reason).toBe('Sales open 1 Jul 2026, 10:00.');
    const stopped = summariseReleases(
      [
        release({ off_sale: true }),
        release({ off_sale: true }),
        release({ sold_out: true }),
        release({ archived: true }),
      ],
      NOW,
    );
    expect(eventSale({ live: true }, stopped, format)).toEqual({
      onSale: false,
      headline: 'Not on sale',
      reason: 'Releases: 2 paused, 1 sold out, 1 archived.',
    });
  });
});
