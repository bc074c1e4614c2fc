import { describe, expect, it } from 'vitest';
import { parseScannedCode } from '../../src/domain/scan-code';

describe('parseScannedCode', () => {
  it('reads a bare ticket slug', () => {
    expect(parseScannedCode('ti_dj8GKOodhY1PZK3VpFxVshw')).toMatchObject({
      kind: 'ticket-slug',
      slug: 'ti_dj8GKOodhY1PZK3VpFxVshw',
    });
  });

  it('reads a ticket reference in any case', () => {
    expect(parseScannedCode(' 9k9r-1 ')).toMatchObject({ kind: 'ticket-reference', reference: '9K9R-1' });
  });

  it('finds the slug in the ticket URL forms', () => {
    for (const url of [
      'https://tickets.example.com/demo/awesomeconf/tickets/ti_dj8GKOodhY1PZK3VpFxVshw',
      'https://qr.example.io/tickets/ti_dj8GKOodhY1PZK3VpFxVshw',
      'https://tickets.example.com/tickets/ti_dj8GKOodhY1PZK3VpFxVshw/edit?x=1',
    ]) {
      expect(parseScannedCode(url)).toMatchObject({
        kind: 'ticket-slug',
        slug: 'ti_dj8GKOodhY1PZK3VpFxVshw',
      });
    }
  });

  it('drops the control characters a wedge scanner adds', () => {
    expect(parseScannedCode('\u0002ti_abcdef12\r\n')).toMatchObject({
      kind: 'ticket-slug',
      slug: 'ti_abcdef12',
    });
  });

  it('recognises a check-in list code so the door can offer to switch', () => {
    expect(parseScannedCode('http://venue.test:4173/checkin_lists/chk_door42')).toMatchObject({
      kind: 'checkin-list',
      slug: 'chk_door42',
      origin: 'http://venue.test:4173',
    });
  });

  it.each([
    '',
    'WIFI:S:venue;T:WPA;P:secret;;',
    'https://example.com/menu',
    '9K9',
    'ti_',
    '<script>alert(1)</script>',
  ])('calls %j not a ticket', (text) => {
    expect(parseScannedCode(text).kind).toBe('not-a-ticket');
  });

  it('reads a registration’s own reference (four characters) as an order, any case', () => {
    expect(parseScannedCode(' h9b6 ')).toEqual({
      kind: 'registration-reference',
      reference: 'H9B6',
      text: 'h9b6',
    });
    expect(parseScannedCode('9K9R2').kind).toBe('not-a-ticket');
  });

  it('keeps a bounded copy of what was read', () => {
    const parsed = parseScannedCode('x'.repeat(10_000));
    expect(parsed.kind).toBe('not-a-ticket');
    expect(parsed.text).toHaveLength(2048);
  });
});
