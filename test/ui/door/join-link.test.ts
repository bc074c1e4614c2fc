import { describe, expect, it } from 'vitest';
import { badgeLayoutInLink, DEFAULT_BADGE_LAYOUT } from '../../../src/domain/badge-layout';
import { readJoinLink } from '../../../src/ui/door/join-link';

const CODE = '7K3MQ9TZ2HX4VB8N';

describe('the door kit’s link as the door reads it', () => {
  it('reads both the code and the badge layout beside it', () => {
    const found = readJoinLink(`https://venue.example/door/join#code=${CODE}&badge=1.4x3in.rflcjq`);
    expect(found).toEqual({ code: CODE, origin: 'https://venue.example', badge: '#badge=1.4x3in.rflcjq' });
    expect(badgeLayoutInLink(found!.badge!)).toEqual({ ok: true, layout: DEFAULT_BADGE_LAYOUT });
  });

  it('reads the layout in either order', () => {
    expect(readJoinLink(`https://venue.example/door/join#badge=0&code=${CODE}`)?.badge).toBe('#badge=0');
  });

  it('has no layout for a link without one, nor for a typed code', () => {
    expect(readJoinLink(`https://venue.example/door/join#code=${CODE}`)?.badge).toBeNull();
    expect(readJoinLink('7K3M-Q9TZ-2HX4-VB8N')).toEqual({ code: CODE, origin: null, badge: null });
  });

  it('is nothing without a code', () => {
    expect(readJoinLink('https://venue.example/door/join#badge=1.4x3in.rflcjq')).toBeNull();
  });
});
