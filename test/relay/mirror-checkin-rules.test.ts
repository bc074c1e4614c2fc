// A check-in request the venue mirror refuses is refused as the service refuses it: the same
// status and the same body, byte for byte, for every bad shape a door or a hostile client can
// send (the rules are one function that both use). Each body goes to the relay, which answers
// from its mirror, and to the service behind it directly; a refusal records nothing at either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayPair, startMirroredPair, until } from './relay-setup';

let pair: RelayPair;
let slug = '';
let ticket = 0;

const post = async (origin: string, body: string) => {
  const response = await fetch(`${origin}/checkin/checkin_lists/${slug}/checkins`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: await response.text() };
};

const postsUpstream = () => pair.tap.seen.filter((seen) => seen.method === 'POST').length;
const checkinsAt = async (origin: string) => {
  const response = await fetch(`${origin}/checkin/checkin_lists/${slug}/checkins`);
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json());
};
/** What a refusal must leave as it was: both lists' check-ins, the mirror's queue, the tap's POSTs. */
const recorded = async () => ({
  relay: await checkinsAt(pair.relay.origin),
  service: await checkinsAt(pair.upstream.origin),
  pending: (await (await fetch(`${pair.relay.origin}/__service`)).json()).mirrored_lists[0].pending_upstream,
  postsUpstream: postsUpstream(),
});

beforeAll(async () => {
  ({ pair, slug } = await startMirroredPair());
  const relay = pair.relay.origin;
  expect((await fetch(`${relay}/checkin/checkin_lists/${slug}`)).status).toBe(200);
  await until(async () => {
    const info = await (await fetch(`${relay}/__service`)).json();
    return info.mirrored_lists?.[0]?.ready === true;
  });
  const tickets = await (await fetch(`${relay}/checkin/checkin_lists/${slug}/tickets`)).json();
  ticket = tickets[0].id;
}, 120_000);

afterAll(async () => {
  await pair?.stop();
});

describe('the mirror refuses a check-in request as the service does', () => {
  const cases: [string, () => unknown][] = [
    ['an item that is no object', () => ({ checkin: 'x' })],
    ['neither a checkin nor a batch', () => ({ nothing: 1 })],
    ['a batch that is no object', () => ({ batch: 5 })],
    ['a batch without checkins', () => ({ batch: {} })],
    ['an empty batch', () => ({ batch: { checkins: {} } })],
    ['both a checkin and a batch', () => ({ checkin: {}, batch: { checkins: [{}] } })],
    ['no ticket named', () => ({ checkin: {} })],
    ['two identifiers', () => ({ checkin: { ticket_slug: 1, ticket_id: 2 } })],
    ['an identifier of the wrong type', () => ({ checkin: { ticket_id: true } })],
    ['a ticket_id that is no whole number', () => ({ checkin: { ticket_id: '12a' } })],
    ['a malformed uuid', () => ({ checkin: { ticket_id: ticket, uuid: 'x' } })],
    ['a scan before 2000', () => ({ checkin: { ticket_id: ticket, created_at: '1999-12-31T23:59:59Z' } })],
    ['an unreadable scan time', () => ({ checkin: { ticket_id: ticket, created_at: 'soon' } })],
    [
      'a batch with a bad item among good ones',
      () => ({ batch: { checkins: { 1: { ticket_id: ticket }, 0: { ticket_reference: [] } } } }),
    ],
    [
      'a batch over 1000',
      () => ({
        batch: { checkins: Array.from({ length: 1001 }, () => ({ ticket_id: ticket })) },
      }),
    ],
  ];
  // Answered by the mirror itself, recording nothing: a relay that forwarded the body would get
  // the very same answer from the service, so the tap must see no POST, and a refusal that kept
  // something (at the relay or the service) would change a list's check-ins.
  const refusedAlike = async (text: string) => {
    const before = await recorded();
    const fromMirror = await post(pair.relay.origin, text);
    expect(postsUpstream(), 'POSTs the upstream saw').toBe(before.postsUpstream);
    const fromService = await post(pair.upstream.origin, text);
    expect(fromMirror.status).toBeGreaterThanOrEqual(400);
    expect(fromMirror).toEqual(fromService);
    expect(await recorded()).toEqual(before);
    return fromMirror;
  };

  it.each(cases)('%s', async (_, body) => {
    await refusedAlike(JSON.stringify(body()));
  });

  it('a body that is not JSON', async () => {
    expect((await refusedAlike('{"checkin":')).status).toBe(400);
  });
});
