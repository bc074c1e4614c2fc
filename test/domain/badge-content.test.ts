import { describe, expect, it } from 'vitest';
import {
  BAND_SHADES,
  badgeLines,
  bandShade,
  contrastWithWhite,
  printedGrey,
} from '../../src/domain/badge-content';

const ticket = {
  slug: 'ti_abc123',
  firstName: '  Zoë ',
  lastName: 'van  der Berg',
  companyName: null,
  jobTitle: '',
  releaseTitle: 'Early bird',
};

describe('what a badge says', () => {
  it('keeps the layout’s order and leaves out empty fields entirely', () => {
    const lines = badgeLines(
      { fields: ['qr', 'release', 'first', 'last', 'company', 'job', 'answer'], answerQuestion: 7 },
      ticket,
      [{ questionId: 3, response: 'Vegan' }],
    );
    expect(lines).toEqual([
      { field: 'qr', code: 'ti_abc123' },
      { field: 'release', text: 'Early bird', shade: bandShade('Early bird') },
      { field: 'first', text: 'Zoë' },
      { field: 'last', text: 'van der Berg' },
    ]);
  });

  it('shows the chosen question’s answer only', () => {
    const lines = badgeLines({ fields: ['first', 'answer'], answerQuestion: 3 }, ticket, [
      { questionId: 2, response: 'L' },
      { questionId: 3, response: 'she/her' },
    ]);
    expect(lines).toEqual([
      { field: 'first', text: 'Zoë' },
      { field: 'answer', text: 'she/her' },
    ]);
  });

  it('cuts absurdly long text but keeps a 60-character name whole', () => {
    const sixty = 'A'.repeat(60);
    const long = 'B'.repeat(500);
    const lines = badgeLines(
      { fields: ['first', 'last'], answerQuestion: null },
      { ...ticket, firstName: sixty, lastName: long },
    );
    expect(lines[0]).toEqual({ field: 'first', text: sixty });
    expect(lines[1]!.field === 'last' && lines[1]!.text.length).toBe(120);
  });

  it('gives a release the same shade everywhere, each legible in white once printed grey', () => {
    // Pinned shades, not a call compared with itself: every door, in any process and whatever
    // titles it met first, must paint a release alike, so the shade is a fixed function of the title.
    const pinned: Record<string, string> = {
      VIP: '#134e4a',
      'Early bird': '#831843',
      Student: '#5b2a86',
      Speaker: '#1e293b',
      Crew: '#7a1f1f',
    };
    const titles = Object.keys(pinned);
    for (const title of [...titles].reverse()) expect(bandShade(title), title).toBe(pinned[title]);
    expect(Object.fromEntries(titles.map((title) => [title, bandShade(title)]))).toEqual(pinned);
    expect(new Set(titles.map(bandShade)).size).toBeGreaterThan(2);
    for (const shade of BAND_SHADES) {
      expect(contrastWithWhite(shade), shade).toBeGreaterThanOrEqual(7);
      expect(contrastWithWhite(printedGrey(shade)), `${shade} in grey`).toBeGreaterThanOrEqual(7);
    }
  });
});
