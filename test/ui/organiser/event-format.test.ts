import { describe, expect, it } from 'vitest';
import {
  eventFormat,
  formatEventDates,
  formatInstant,
  formatMoney,
  fromWallClockInput,
  offsetOf,
  sumMoney,
  toWallClockInput,
} from '../../../src/ui/organiser/event-format';
import { text } from '../../../src/ui/organiser/format';

const LOCALE = 'en-GB';
/** ICU puts thin spaces around range dashes; the words are what matter. */
const plain = (s: string | null) => s?.replace(/[\u2009\u202f]/g, ' ') ?? null;

describe('money in the event’s currency', () => {
  it('shows decimal strings and numbers with the currency’s symbol and digits', () => {
    const eur = eventFormat({ currency: 'EUR', timezone: 'Europe/Paris' }, LOCALE);
    expect(formatMoney('49', eur)).toBe('€49.00');
    expect(formatMoney('1234.5', eur)).toBe('€1,234.50');
    expect(formatMoney(99, eur)).toBe('€99.00');
    expect(formatMoney('0.0', eur)).toBe('€0.00');
    const yen = eventFormat({ currency: 'jpy' }, LOCALE);
    expect(formatMoney('1500', yen)).toBe('JP¥1,500');
    expect(formatMoney('25.00', eventFormat({ currency: 'USD' }, 'en-US'))).toBe('$25.00');
  });

  it('shows a plain amount when the event has no currency or one Intl does not know', () => {
    expect(eventFormat({}, LOCALE).currency).toBeNull();
    expect(eventFormat({ currency: 'EURO' }, LOCALE).currency).toBeNull();
    expect(formatMoney('49', eventFormat({ currency: 'XX1' }, LOCALE))).toBe('49.00');
  });

  it('shows a dash for no amount and keeps text that is not a number', () => {
    const eur = eventFormat({ currency: 'EUR' }, LOCALE);
    expect(formatMoney(null, eur)).toBe('—');
    expect(formatMoney(undefined, eur)).toBe('—');
    expect(formatMoney('about 5', eur)).toBe('about 5');
  });

  it('sums amounts in cents so they do not drift', () => {
    expect(sumMoney(['0.1', '0.2', null, 49])).toBe(49.3);
    expect(sumMoney(['10.005', '0.005'])).toBe(10.02);
  });
});

describe('times on the event’s clock', () => {
  const instant = '2026-06-06T17:30:00.000Z';

  it('reads timestamps in the event’s IANA time zone, whatever the device’s', () => {
    const paris = eventFormat({ timezone: 'Europe/Paris' }, LOCALE);
    expect(paris.zoneLabel).toBe('Europe/Paris');
    expect(paris.zoneSource).toBe('event');
    expect(formatInstant(instant, paris)).toBe('6 Jun 2026, 19:30');
    const tokyo = eventFormat({ timezone: 'Asia/Tokyo' }, LOCALE);
    expect(formatInstant(instant, tokyo)).toBe('7 Jun 2026, 02:30');
  });

  it('uses the offset of the event’s own timestamps when the record has no time zone (3.0)', () => {
    const format = eventFormat({ created_at: '2026-01-10T09:00:00.000-05:00' }, LOCALE);
    expect(format.zoneSource).toBe('offset');
    expect(format.zoneLabel).toBe('UTC−05:00');
    expect(formatInstant(instant, format)).toBe('6 Jun 2026, 12:30');
    expect(
      formatInstant(
        '2026-03-18 19:49:04 +0530',
        eventFormat({ updated_at: '2026-03-18 19:49:04 +0530' }, LOCALE),
      ),
    ).toBe('18 Mar 2026, 19:49');
  });

  it('falls back to UTC, the documented default, and says so', () => {
    const format = eventFormat({ timezone: 'Mars/Olympus' }, LOCALE);
    expect(format.zoneSource).toBe('default');
    expect(format.zoneLabel).toBe('UTC');
    expect(formatInstant(instant, format)).toBe('6 Jun 2026, 17:30');
  });

  it('finds offsets at the end of ISO and service-style timestamps only', () => {
    expect(offsetOf('2026-06-06T17:30:00.000Z')).toBe(0);
    expect(offsetOf('2026-06-06T17:30:00+02:00')).toBe(120);
    expect(offsetOf('2026-06-06 17:30:00 -0430')).toBe(-270);
    expect(offsetOf('2026-06-06')).toBeNull();
    expect(offsetOf(42)).toBeNull();
  });

  it('shows timestamps in tables on the event’s clock through text()', () => {
    const paris = eventFormat({ timezone: 'Europe/Paris' }, LOCALE);
    expect(text(instant, paris)).toBe('6 Jun 2026, 19:30');
    expect(text('not a time', paris)).toBe('not a time');
  });

  it('says when an event runs from its wall-clock dates and times', () => {
    const format = eventFormat({ timezone: 'Europe/Dublin' }, LOCALE);
    const oneEvening = {
      start_date: '2026-06-06',
      start_time: '19:00',
      end_date: '2026-06-06',
      end_time: '23:00',
    };
    expect(formatEventDates(oneEvening, format)).toBe('Sat, 6 Jun 2026, 19:00–23:00');
    const overnight = {
      start_date: '2026-06-06',
      start_time: '22:00',
      end_date: '2026-06-07',
      end_time: '02:00',
    };
    expect(plain(formatEventDates(overnight, format))).toBe(
      'Sat, 6 Jun 2026, 22:00 – Sun, 7 Jun 2026, 02:00',
    );
    const twoDays = { start_date: '2026-06-06', end_date: '2026-06-07' };
    expect(plain(formatEventDates(twoDays, format))).toBe('Sat, 6 Jun – Sun, 7 Jun 2026');
    expect(formatEventDates({ start_date: '2026-06-06' }, format)).toBe('Sat, 6 Jun 2026');
    expect(formatEventDates({}, format)).toBeNull();
    expect(formatEventDates({ date_or_range: '6th June' }, format)).toBe('6th June');
  });
});

describe('datetimes typed on the event’s clock', () => {
  it('shows an instant as the event’s wall clock and reads it back to the same instant', () => {
    const tokyo = eventFormat({ timezone: 'Asia/Tokyo' });
    expect(toWallClockInput('2027-03-06T10:00:00.000Z', tokyo)).toBe('2027-03-06T19:00');
    expect(fromWallClockInput('2027-03-06T19:00', tokyo)).toBe('2027-03-06T10:00:00.000Z');
    const offset = eventFormat({ created_at: '2026-01-01T00:00:00-05:00' });
    expect(toWallClockInput('2026-06-06T17:30:00Z', offset)).toBe('2026-06-06T12:30');
    expect(fromWallClockInput('2026-06-06T12:30', offset)).toBe('2026-06-06T17:30:00.000Z');
  });

  it('lands on the right side of a daylight-saving change', () => {
    const london = eventFormat({ timezone: 'Europe/London' });
    // Clocks go forward at 01:00 UTC on 29 March 2026: 00:30 is GMT, 02:30 is BST.
    expect(fromWallClockInput('2026-03-29T00:30', london)).toBe('2026-03-29T00:30:00.000Z');
    expect(fromWallClockInput('2026-03-29T02:30', london)).toBe('2026-03-29T01:30:00.000Z');
    expect(fromWallClockInput('2026-10-25T12:00', london)).toBe('2026-10-25T12:00:00.000Z');
    expect(toWallClockInput('2026-07-01T11:00:00Z', london)).toBe('2026-07-01T12:00');
  });

  it('leaves an empty field empty and something unreadable as it was typed', () => {
    const london = eventFormat({ timezone: 'Europe/London' });
    expect(fromWallClockInput('', london)).toBeNull();
    expect(toWallClockInput(null, london)).toBe('');
    expect(fromWallClockInput('soon', london)).toBe('soon');
  });
});
