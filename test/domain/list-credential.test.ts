import { describe, expect, it } from 'vitest';
import { parseListCredential } from '../../src/domain/list-credential';

describe('parseListCredential', () => {
  it('accepts a bare slug, trimming what a paste adds', () => {
    expect(parseListCredential('  chk_p7sWvGkE7cU9wQ \n')).toEqual({
      slug: 'chk_p7sWvGkE7cU9wQ',
      origin: null,
    });
  });

  it('takes the slug and origin from a web check-in address', () => {
    expect(parseListCredential('https://checkin.example.org/checkin_lists/chk_abc123/')).toEqual({
      slug: 'chk_abc123',
      origin: 'https://checkin.example.org',
    });
  });

  it('reads addresses with a path prefix and a query', () => {
    expect(parseListCredential('http://10.0.0.2:4173/app/checkin_lists/chk_door1?x=1')?.slug).toBe(
      'chk_door1',
    );
  });

  it.each([
    '',
    'hello',
    'chk_',
    'ti_abc123',
    'https://x.org/tickets/ti_abc',
    'javascript:alert(1)',
    'ftp://x/checkin_lists/chk_abcd',
  ])('refuses %j', (input) => {
    expect(parseListCredential(input)).toBeNull();
  });
});
