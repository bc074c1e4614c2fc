import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VerdictRehearsal } from '../../../src/ui/door/VerdictRehearsal';

// The hidden rehearsal takes each first-time cost a door's queue would otherwise pay at a
// verdict: one verdict of each tone the queue brings, with what those verdicts hold.
describe('the hidden rehearsal of a page', () => {
  const html = renderToStaticMarkup(<VerdictRehearsal />);

  it('draws one verdict of each tone a queue brings: admitted, caution, refusal, the same ticket again', () => {
    for (const tone of ['go', 'caution', 'stop', 'look'])
      expect(html, `a verdict--${tone}`).toContain(`verdict verdict--${tone}`);
  });

  it('draws what those verdicts hold: an order with answers, an override, an offline basis, a check-in earlier', () => {
    expect(html).toContain('verdict--with-order');
    expect(html).toContain('Admit anyway');
    expect(html).toContain('data-testid="verdict-basis"');
    expect(html).toContain('data-testid="verdict-detail"');
  });

  it('is hidden from people and from the tests that look for a verdict', () => {
    expect(html).toMatch(/^<div class="verdict-rehearsal" aria-hidden="true" inert/);
    expect(html).not.toContain('data-testid="verdict"');
    expect(html).not.toContain('data-verdict=');
  });
});
