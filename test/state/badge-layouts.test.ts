import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BADGE_LAYOUT, linkWithBadgeLayout } from '../../src/domain/badge-layout';
import { badgeLayoutOf, forgetBadgeLayout, takeBadgeLayout } from '../../src/state/badge-layouts';

const LIST = 'chk_pDemoMainEntrance000000';
const address = `https://door.example/checkin_lists/${LIST}`;

describe("a door's badge layouts, from the lists' links", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the layout a link brings, for that list only', () => {
    expect(takeBadgeLayout(LIST, linkWithBadgeLayout(address, DEFAULT_BADGE_LAYOUT))).toEqual({
      layout: DEFAULT_BADGE_LAYOUT,
    });
    expect(badgeLayoutOf(LIST)).toEqual({ layout: DEFAULT_BADGE_LAYOUT });
    expect(badgeLayoutOf('chk_pOther00000000000000')).toBeNull();
  });

  it('keeps it when the list is opened again by its bare slug or address', () => {
    takeBadgeLayout(LIST, linkWithBadgeLayout(address, DEFAULT_BADGE_LAYOUT));
    expect(takeBadgeLayout(LIST, LIST)).toBeUndefined();
    expect(takeBadgeLayout(LIST, address)).toBeUndefined();
    expect(badgeLayoutOf(LIST)).toEqual({ layout: DEFAULT_BADGE_LAYOUT });
  });

  it('drops it when the link says the list prints no badges, or the list is forgotten', () => {
    takeBadgeLayout(LIST, linkWithBadgeLayout(address, DEFAULT_BADGE_LAYOUT));
    takeBadgeLayout(LIST, linkWithBadgeLayout(address, null));
    expect(badgeLayoutOf(LIST)).toBeNull();
    takeBadgeLayout(LIST, linkWithBadgeLayout(address, DEFAULT_BADGE_LAYOUT));
    forgetBadgeLayout(LIST);
    expect(badgeLayoutOf(LIST)).toBeNull();
  });

  it('remembers why a layout could not be read, and survives a damaged store', () => {
    expect(takeBadgeLayout(LIST, `${address}#badge=1.4x3in.ff`)).toEqual({ problem: 'repeated-field' });
    expect(badgeLayoutOf(LIST)).toEqual({ problem: 'repeated-field' });
    localStorage.setItem('venue-checkin.badge-layouts', '{not json');
    expect(badgeLayoutOf(LIST)).toBeNull();
    localStorage.setItem('venue-checkin.badge-layouts', JSON.stringify({ [LIST]: 42 }));
    expect(badgeLayoutOf(LIST)).toBeNull();
  });
});
