import { describe, expect, it } from 'vitest';
import { isTicketRefusal, type Verdict, verdictTone } from '../../../src/domain/verdict';
import { kioskTitle, VERDICT_ICONS, verdictTitle } from '../../../src/ui/door/verdict-words';
import { t } from '../../../src/ui/i18n/t';
import { doorCheckin, doorTicket } from '../../fixtures/door-verdicts';

const ada = doorTicket();
const fourSecondsAgo = doorCheckin({ createdAt: Date.parse('2026-11-22T20:00:00Z'), mine: true });

const repeat: Verdict = { kind: 'just-admitted', ticket: ada, previous: fourSecondsAgo };
const admitted: Verdict = { kind: 'admitted', ticket: ada };

describe('the same ticket again, just admitted here', () => {
  it('is named for the ticket, not the guest: the device cannot know it is the same person', () => {
    expect(verdictTitle(repeat)).toBe('Same ticket again');
    expect(t('verdictHereAgo', { age: '4 s' })).toBe('Admitted here 4 s ago. No new check-in made.');
    expect(t('verdictHereCheck')).toBe('Check it is the same person.');
    expect(t('verdictHereSomeoneElse')).toBe('Someone else? Refuse entry and call a supervisor.');
    const words = [verdictTitle(repeat), t('verdictHereAgo', { age: '4 s' }), kioskTitle(repeat)].join(' ');
    expect(words).not.toMatch(/same guest|nothing more to do/i);
  });

  it('is marked neither as an admission nor as a warning', () => {
    const tone = verdictTone(repeat);
    expect(tone).toBe('look');
    expect(VERDICT_ICONS[tone]).not.toBe(VERDICT_ICONS.go);
    expect(VERDICT_ICONS[tone]).not.toBe(VERDICT_ICONS.caution);
  });

  it('tells a kiosk attendee to ask staff, and never greets them like a fresh admission', () => {
    expect(kioskTitle(admitted)).toBe('Welcome, Ada Lovelace!');
    expect(kioskTitle(repeat)).toBe('This ticket was just used here');
    expect(kioskTitle(repeat)).not.toContain('Ada');
    expect(kioskTitle(repeat)).not.toMatch(/welcome|admitted/i);
  });
});

describe('a code judged while the list still downloads', () => {
  it('says how far the download is, in the locale percent style', () => {
    expect(verdictTitle({ kind: 'still-downloading', text: 'ABC', percent: 42 })).toBe(
      'Still downloading (42%)',
    );
  });
});

describe('a read that came split', () => {
  const again: Verdict = { kind: 'scan-again', text: 'YSM-1' };

  it('asks for the scan again, calm, never as a refusal', () => {
    expect(verdictTitle(again)).toBe('Scan again');
    expect(verdictTone(again)).toBe('info');
    expect(isTicketRefusal(again)).toBe(false);
    expect(kioskTitle(again)).toBe('Please scan your ticket again');
    expect([verdictTitle(again), kioskTitle(again), t('verdictScanAgainHelp')].join(' ')).not.toMatch(
      /not a ticket|unknown|refuse/i,
    );
  });
});
