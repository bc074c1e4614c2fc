// The service's own door apps in the simulation: admissions made straight at the service, beside
// the doors and the relays, each with a uuid of its own. They are not under test, only traffic the
// service must hold together with the relays' forwarding: each is sent until the service answers
// (the same uuid again after a lost answer or a kill, as the real apps do), and one the service
// accepted is an admission like any door's. One the service refuses (a ticket already in, with a
// service refusing duplicates) is shown to its staff by that app and is no admission.
import { createCheckinClient } from '../../src/api/checkin-client';
import { createTransport } from '../../src/api/http';
import { createRandom } from '../../src/mock-api/random';
import type { Admission } from './door';

/** The door number the service's own apps' admissions carry (no simulated door has it). */
export const SERVICE_APP = -1;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function serviceApps(o: { origin: () => string; slug: string; seed: number }) {
  const random = createRandom(o.seed * 977 + 5);
  const admissions: Admission[] = [];
  const pending = new Set<Promise<void>>();
  let refused = 0;
  const uuidOf = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random.next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20)}`;
  };

  async function admit(ticketId: number, uuid: string) {
    for (;;) {
      const client = createCheckinClient(
        createTransport({ baseUrl: `${o.origin()}/checkin`, fetch: (r) => fetch(r) }),
      );
      const answer = await client.createCheckin(o.slug, { ticketId, uuid });
      if (answer.ok) {
        admissions.push({
          event: -1,
          door: SERVICE_APP,
          ticketId,
          clientId: uuid,
          key: '',
          anyway: false,
          undo: null,
        });
        return;
      }
      // Network, 5xx, 429: the service is down or busy; the app tries the same check-in again.
      if (answer.reason === 'network' || answer.reason === 'server' || answer.reason === 'rate-limited') {
        await sleep(500);
        continue;
      }
      refused++;
      return;
    }
  }

  return {
    admissions,
    refused: () => refused,
    admit(ticketId: number) {
      const work = admit(ticketId, uuidOf());
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
