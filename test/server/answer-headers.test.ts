import { describe, expect, it } from 'vitest';
import { withHeaders } from '../../src/http/answer-headers';

describe('withHeaders', () => {
  it('sets the headers on the answer itself, its body and length untouched', async () => {
    const answer = new Response('{"ok":true}', {
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '11', date: 'old' },
    });
    const out = withHeaders(answer, { date: 'Sat, 05 Dec 2026 08:00:00 GMT', vary: 'Accept-Encoding' });
    expect(out).toBe(answer);
    expect(out.headers.get('date')).toBe('Sat, 05 Dec 2026 08:00:00 GMT');
    expect(out.headers.get('vary')).toBe('Accept-Encoding');
    expect(out.headers.get('content-length')).toBe('11');
    expect(await out.text()).toBe('{"ok":true}');
  });

  it("sets them on a copy where the answer's headers cannot change, status and the rest kept", async () => {
    const answer = Response.redirect('http://127.0.0.1/next', 307);
    expect(() => answer.headers.set('x-probe', '1')).toThrow();
    const out = withHeaders(answer, { 'x-content-type-options': 'nosniff' });
    expect(out).not.toBe(answer);
    expect(out.status).toBe(307);
    expect(out.headers.get('location')).toBe('http://127.0.0.1/next');
    expect(out.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
