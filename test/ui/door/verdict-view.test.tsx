import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../../src/domain/verdict';
import { VerdictView } from '../../../src/ui/door/VerdictView';
import { doorCheckin, doorTicket } from '../../fixtures/door-verdicts';

const NOW = Date.parse('2026-11-22T20:00:04Z');

const repeat: Verdict = {
  kind: 'just-admitted',
  ticket: doorTicket(),
  previous: doorCheckin({ createdAt: NOW - 4000, mine: true }),
};

/** The verdict as staff read it: its text in order, one line per block. */
function shown(verdict: Verdict) {
  const html = renderToStaticMarkup(
    <VerdictView verdict={verdict} now={NOW} onDismiss={() => undefined} onAdmitAnyway={() => undefined} />,
  );
  const text = html
    .replace(/<(p|h1|div|button)[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return { html, text };
}

describe('VerdictView for the same ticket again', () => {
  it('shows the name, then what to check, then when it was admitted; no "Admit anyway"', () => {
    const { html, text } = shown(repeat);
    expect(html).toContain('verdict--look');
    expect(html).not.toContain('verdict--go');
    const at = (line: string) => text.indexOf(line);
    expect(at('Same ticket again')).toBeGreaterThanOrEqual(0);
    expect(at('Ada Lovelace')).toBeGreaterThan(at('Same ticket again'));
    expect(at('Check it is the same person.')).toBeGreaterThan(at('Ada Lovelace'));
    expect(at('Someone else? Refuse entry and call a supervisor.')).toBeGreaterThan(
      at('Check it is the same person.'),
    );
    expect(at('Admitted here just now. No new check-in made.')).toBeGreaterThan(at('Ada Lovelace'));
    expect(text).not.toContain('Admit anyway');
  });

  it('says "just now" for a scan repeated within seconds, and the age from five seconds on', () => {
    const detailAfter = (ms: number) =>
      shown({ ...repeat, previous: doorCheckin({ createdAt: NOW - ms, mine: true }) }).text.join('\n');
    expect(detailAfter(0)).toContain('Admitted here just now.');
    expect(detailAfter(4999)).toContain('Admitted here just now.');
    expect(detailAfter(5000)).toContain('Admitted here 5 s ago.');
    expect(detailAfter(125_000)).toContain('Admitted here 2 min ago.');
    expect(detailAfter(0)).not.toContain('0 s ago');
  });
});

describe("VerdictView for an order's reference in exit mode", () => {
  it('names the order under the exit tag and says each ticket is to be scanned; nothing to admit', () => {
    const { html, text } = shown({ kind: 'order-exit', reference: 'FAM4', text: 'FAM4' });
    expect(html).toContain('verdict--info');
    expect(text.slice(0, 3)).toEqual(['i', 'Exit', 'Order FAM4']);
    expect(text.join('\n')).toContain(
      'This is an order’s reference, not one guest’s ticket: no exit was recorded. Scan each guest’s own ticket to record their exit.',
    );
    expect(text.join('\n')).not.toMatch(/Unknown code|Admit/);
  });
});

describe('VerdictView in its first frame', () => {
  const markup = (replacing?: boolean) =>
    renderToStaticMarkup(
      <VerdictView verdict={repeat} now={NOW} onDismiss={() => undefined} replacing={replacing} />,
    );
  it('is drawn whole over the scan screen, and marked to come in only in place of another verdict', () => {
    expect(markup()).not.toContain('verdict--again');
    expect(markup(false)).not.toContain('verdict--again');
    expect(markup(true)).toContain('verdict--again');
  });
});
