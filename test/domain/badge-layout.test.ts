import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BADGE_FIELDS,
  type BadgeLayout,
  badgeLayoutInLink,
  badgeLayoutPartOf,
  DEFAULT_BADGE_LAYOUT,
  encodeBadgeLayout,
  joinCodeLinkWithBadgeLayout,
  LABEL_PRESETS,
  linkWithBadgeLayout,
  parseBadgeLayout,
} from '../../src/domain/badge-layout';
import { parseJoinCode } from '../../src/domain/join-code';
import { parseListCredential } from '../../src/domain/list-credential';

const layouts: fc.Arbitrary<BadgeLayout> = fc
  .record({
    preset: fc.constantFrom(
      ...(Object.keys(LABEL_PRESETS) as (keyof typeof LABEL_PRESETS)[]),
      'custom' as const,
    ),
    width: fc.integer({ min: 25, max: 300 }),
    height: fc.integer({ min: 25, max: 300 }),
    fields: fc.uniqueArray(fc.constantFrom(...BADGE_FIELDS), {
      minLength: 1,
      maxLength: BADGE_FIELDS.length,
    }),
    question: fc.integer({ min: 1, max: 999_999 }),
  })
  .map(({ preset, width, height, fields, question }) => ({
    label: preset,
    size: preset === 'custom' ? { widthMm: width, heightMm: height } : LABEL_PRESETS[preset],
    fields,
    answerQuestion: fields.includes('answer') ? question : null,
  }));

describe('a badge layout in a join link', () => {
  it('reads back every layout it writes, in a few characters', () => {
    fc.assert(
      fc.property(layouts, (layout) => {
        const text = encodeBadgeLayout(layout);
        expect(text.length).toBeLessThan(40);
        expect(parseBadgeLayout(text)).toEqual({ ok: true, layout });
      }),
    );
  });

  it('rides in the address fragment, which the join ignores', () => {
    const address = 'https://door.example/checkin_lists/chk_pDemoMainEntrance000000';
    const link = linkWithBadgeLayout(address, DEFAULT_BADGE_LAYOUT);
    expect(link).toBe(`${address}#badge=1.4x3in.rflcjq`);
    expect(parseListCredential(link)).toEqual({
      slug: 'chk_pDemoMainEntrance000000',
      origin: 'https://door.example',
    });
    expect(badgeLayoutInLink(link)).toEqual({ ok: true, layout: DEFAULT_BADGE_LAYOUT });
    // Set again, the fragment is replaced, not added to.
    expect(linkWithBadgeLayout(link, null)).toBe(`${address}#badge=0`);
    expect(badgeLayoutInLink(`${address}#badge=0`)).toEqual({ ok: true, layout: null });
    expect(badgeLayoutInLink(address)).toBeUndefined();
    expect(badgeLayoutInLink('chk_pDemoMainEntrance000000')).toBeUndefined();
  });

  it('answers each bad layout with what is wrong, never by throwing', () => {
    const cases: [string, string][] = [
      ['2.4x3in.fl', 'version'],
      ['1.4x3in.fl.1.2', 'version'],
      ['x'.repeat(500), 'version'],
      ['1.5x5in.fl', 'label'],
      ['1.toString.fl', 'label'],
      ['1.__proto__.fl', 'label'],
      ['1.constructor.fl', 'custom-size'],
      ['1.c10x50.fl', 'custom-size'],
      ['1.c90x999.fl', 'custom-size'],
      ['1.4x3in.', 'no-fields'],
      ['1.4x3in.flz', 'unknown-field'],
      ['1.4x3in.ff', 'repeated-field'],
      ['1.4x3in.fa', 'answer-question'],
      ['1.4x3in.fl.12', 'answer-question'],
      ['1.4x3in.fa.0', 'answer-question'],
      ['1.4x3in.fa.-3', 'answer-question'],
    ];
    for (const [text, problem] of cases) expect(parseBadgeLayout(text), text).toEqual({ ok: false, problem });
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (text) => void parseBadgeLayout(text)));
  });
});

describe('a badge layout beside a join code', () => {
  const CODE = '7K3MQ9TZ2HX4VB8N';
  const codeLink = `https://venue.example:4173/door/join#code=${CODE}`;

  it('keeps the code in the fragment, so the link still joins by it', () => {
    const link = joinCodeLinkWithBadgeLayout(codeLink, DEFAULT_BADGE_LAYOUT);
    expect(link).toBe(`${codeLink}&badge=1.4x3in.rflcjq`);
    expect(parseJoinCode(link)).toEqual({ code: CODE, origin: 'https://venue.example:4173' });
    expect(badgeLayoutInLink(link)).toEqual({ ok: true, layout: DEFAULT_BADGE_LAYOUT });
  });

  it('replaces a layout already there, and says "none" as a list link does', () => {
    const once = joinCodeLinkWithBadgeLayout(codeLink, DEFAULT_BADGE_LAYOUT);
    const again = joinCodeLinkWithBadgeLayout(once, null);
    expect(again).toBe(`${codeLink}&badge=0`);
    expect(parseJoinCode(again)?.code).toBe(CODE);
    expect(badgeLayoutInLink(again)).toEqual({ ok: true, layout: null });
  });

  it('gives a link without a fragment one', () => {
    expect(joinCodeLinkWithBadgeLayout('https://venue.example/door/join', null)).toBe(
      'https://venue.example/door/join#badge=0',
    );
  });

  it('takes the layout alone out of the link, leaving the code behind', () => {
    const link = joinCodeLinkWithBadgeLayout(codeLink, DEFAULT_BADGE_LAYOUT);
    const part = badgeLayoutPartOf(link);
    expect(part).toBe('#badge=1.4x3in.rflcjq');
    expect(part).not.toContain(CODE);
    expect(badgeLayoutInLink(part!)).toEqual({ ok: true, layout: DEFAULT_BADGE_LAYOUT });
    expect(badgeLayoutPartOf(codeLink)).toBeNull();
    expect(badgeLayoutPartOf(CODE)).toBeNull();
  });
});
