// What the relay changes in an upstream answer: list addresses and QR codes of the relay, the
// masked token of the session, the upstream token scrubbed anywhere; nothing else.
import { describe, expect, it } from 'vitest';
import { rewriteBody } from '../../src/relay/rewrite';

const ctx = {
  doorOrigin: 'https://doors.venue.test',
  publicOrigin: 'https://relay.venue.test',
  maskedSession: '*abcd',
  secret: 'upstream-secret-token',
};
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
const read = (body: Uint8Array): any => JSON.parse(new TextDecoder().decode(body));

describe('rewriting an upstream answer', () => {
  it('points each list at the relay, however deep, and leaves other fields alone', () => {
    const body = bytes({
      checkin_lists: [
        {
          slug: 'chk_one',
          title: 'Door',
          web_checkin_url: 'https://checkin.example.com/checkin/checkin_lists/chk_one',
          qr_code_url: 'https://qr.example.com/img?d=whatever',
          nested: { web_checkin_url: 'https://app.example.com/checkin_lists/chk_two' },
        },
      ],
      meta: { api_version: '3.1.0' },
    });
    const out = read(rewriteBody(body, 'application/json; charset=utf-8', ctx));
    expect(out.checkin_lists[0]).toEqual({
      slug: 'chk_one',
      title: 'Door',
      web_checkin_url: 'https://doors.venue.test/checkin_lists/chk_one',
      qr_code_url: 'https://relay.venue.test/__service/qr/checkin_lists/chk_one.svg',
      nested: { web_checkin_url: 'https://doors.venue.test/checkin_lists/chk_two' },
    });
    expect(out.meta).toEqual({ api_version: '3.1.0' });
  });

  it('names the session in access_token and scrubs the upstream token from any body', () => {
    const json = rewriteBody(
      bytes({ access_token: '*oken', echo: 'upstream-secret-token' }),
      'application/json',
      ctx,
    );
    expect(read(json)).toEqual({ access_token: '*abcd', echo: '[redacted]' });
    const text = rewriteBody(new TextEncoder().encode('token upstream-secret-token here'), 'text/plain', ctx);
    expect(new TextDecoder().decode(text)).toBe('token [redacted] here');
  });

  it('skips __proto__ keys and passes bodies it cannot parse unchanged', () => {
    const hostile = new TextEncoder().encode(
      '{"__proto__": {"web_checkin_url": "https://x/checkin_lists/chk_p"}}',
    );
    const out = rewriteBody(hostile, 'application/json', ctx);
    expect(new TextDecoder().decode(out)).toContain('https://x/checkin_lists/chk_p');
    expect(({} as Record<string, unknown>).web_checkin_url).toBeUndefined();
    const broken = new TextEncoder().encode('{"not json');
    expect(rewriteBody(broken, 'application/json', ctx)).toBe(broken);
  });
});
