// The organiser's one-time sign-in code, in process with a clock that stands still: spent by
// its first use, dead after 30 minutes or once a newer link is printed, and a guesser slowed
// per caller. Over real HTTP: test/server/organiser-sign-in-http.test.ts.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { mockSignInBackend } from '../../src/server/sign-in/mock-backend';
import { createOrganiserSignIn } from '../../src/server/sign-in/organiser-sign-in';
import {
  FAILURE_WINDOW_MS,
  MAX_FAILURES,
  SIGN_IN_TTL_MS,
  createSignInCodes,
} from '../../src/server/sign-in/sign-in-codes';
import { CONTROL_TOKEN, NOW, createTestService } from '../mock-api/support';

const ORIGIN = 'http://venue.test:4173';

function setUp() {
  const clock = fixedClock(NOW);
  const { service } = createTestService();
  const codes = createSignInCodes(clock);
  const signIn = createOrganiserSignIn(mockSignInBackend(service), codes, {
    publicOrigin: ORIGIN,
    appOrigin: undefined,
    exposed: true,
    controlToken: CONTROL_TOKEN,
  });
  const redeem = async (code: unknown, caller = '10.0.0.5') => {
    const response = await signIn.handle(
      new Request(`${ORIGIN}/__service/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }),
      caller,
    );
    // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  };
  const codeOf = (url: string) => new URL(url).hash.replace('#code=', '');
  return { clock, service, codes, signIn, redeem, codeOf };
}

describe('organiser sign-in codes', () => {
  it('prints a link to the sign-in page with a 32-character code in its fragment', () => {
    const { signIn } = setUp();
    const link = signIn.newLink();
    expect(link.url).toMatch(/^http:\/\/venue\.test:4173\/organiser\/sign-in#code=[0-9A-Za-z]{32}$/);
    expect(link.expiresAt.getTime() - new Date(NOW).getTime()).toBe(SIGN_IN_TTL_MS);
    expect(signIn.newLink().url).not.toBe(link.url);
  });

  it('gives a live Admin API token for the code once, and refuses it afterwards as already used', async () => {
    const { signIn, redeem, codeOf, service } = setUp();
    const code = codeOf(signIn.newLink().url);
    const first = await redeem(code);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mode: 'live', version: '3.1', admin_api: `${ORIGIN}/v3` });
    const hello = await service.handle(
      new Request('http://x/v3/hello', { headers: { authorization: `Token token=${first.body.token}` } }),
    );
    expect(hello.status).toBe(200);
    expect(((await hello.json()) as { lookup_mode: string }).lookup_mode).toBe('live');

    const again = await redeem(code, '10.0.0.6');
    expect(again.status).toBe(410);
    expect(again.body).toEqual({ status: 410, message: expect.stringContaining('already used') });
    expect(JSON.stringify(again.body)).not.toContain(first.body.token);
  });

  it('refuses a code 30 minutes after it was printed, and one a newer link replaced', async () => {
    const { signIn, redeem, codeOf, clock } = setUp();
    const old = codeOf(signIn.newLink().url);
    clock.advance(SIGN_IN_TTL_MS - 1000);
    const replaced = codeOf(signIn.newLink().url);
    expect((await redeem(old)).body.message).toContain('expired or was replaced');
    clock.advance(SIGN_IN_TTL_MS);
    const expired = await redeem(replaced);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toContain('expired');
  });

  it('answers a wrong code 401 and, after ten wrong codes from one caller, 429 for everyone there until the window passes', async () => {
    const { signIn, redeem, codeOf, clock } = setUp();
    const code = codeOf(signIn.newLink().url);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await redeem(`${'x'.repeat(31)}${i}`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toContain('not valid');
    }
    const blocked = await redeem(code);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another caller is not held up by the guesser, and the real code was not spent by the refusal.
    clock.advance(FAILURE_WINDOW_MS);
    expect((await redeem(code)).status).toBe(200);
  });

  it('keeps counting per caller: the limit of one address does not touch another', () => {
    const { codes } = setUp();
    const { code } = codes.issue();
    for (let i = 0; i < MAX_FAILURES; i++) expect(codes.redeem(`wrong${i}`, 'guesser').ok).toBe(false);
    expect(codes.redeem(code, 'guesser')).toMatchObject({ ok: false, reason: 'rate-limited' });
    expect(codes.redeem(code, 'organiser')).toEqual({ ok: true });
  });

  it('hands out a new link only to a caller with the control token', async () => {
    const { signIn } = setUp();
    const post = (authorization?: string) =>
      signIn.handle(
        new Request(`${ORIGIN}/__service/sign-in-links`, {
          method: 'POST',
          headers: authorization ? { authorization } : {},
        }),
        'x',
      );
    expect((await post()).status).toBe(401);
    expect((await post('Bearer not-the-control-token')).status).toBe(401);
    const issued = await post(`Bearer ${CONTROL_TOKEN}`);
    expect(issued.status).toBe(201);
    expect(((await issued.json()) as { url: string }).url).toMatch(/#code=[0-9A-Za-z]{32}$/);
  });
});
