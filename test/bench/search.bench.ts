// The door's search in Node, on a 100,000-ticket list built like the demo seed's (names, orders
// of one to three, a buyer on each ticket): what one keystroke asks of the worker, the tickets
// (best first) and the orders, once the search index is built. A broad two-letter query is the
// slowest: every ticket with a word starting with it is a candidate to rank.
import { performance } from 'node:perf_hooks';
import type { RemoteTicket } from '../../src/api/schemas';
import { COMPANIES, FIRST_NAMES, LAST_NAMES } from '../../src/mock-api/seed/names';
import { createListIndex } from '../../src/sync/index/list-index';
import { searchList } from '../../src/sync/index/search-list';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const ROUNDS = 20;
const line = (name: string, value: number | string, unit: string) =>
  console.log(`bench ${name}: ${value} ${unit}`);

// A fixed-seed generator, so every run searches the same list.
let seed = 20260615;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

function demoLikeTickets(count: number): RemoteTicket[] {
  const out: RemoteTicket[] = [];
  for (let order = 1; out.length < count; order++) {
    const buyer = { first: pick(FIRST_NAMES), last: pick(LAST_NAMES) };
    const reference = `R${order.toString(36).toUpperCase()}`;
    const company = next() < 0.7 ? pick(COMPANIES) : null;
    const size = next() < 0.7 ? 1 : next() < 0.6 ? 2 : 3;
    for (let n = 1; n <= size && out.length < count; n++) {
      const holder = n === 1 ? buyer : { first: pick(FIRST_NAMES), last: pick(LAST_NAMES) };
      out.push({
        id: out.length + 1,
        slug: `ti_p${out.length + 1}`.padEnd(26, 'x'),
        reference: `${reference}-${n}`,
        registrationReference: reference,
        buyerName: `${buyer.first} ${buyer.last}`,
        buyerEmail: `${buyer.first}.${buyer.last}${order % 1000}@example.com`.toLowerCase(),
        firstName: holder.first,
        lastName: holder.last,
        email: `${holder.first}.${holder.last}${(order * 7 + n) % 1000}@example.com`.toLowerCase(),
        companyName: company,
        phoneNumber: null,
        jobTitle: null,
        releaseTitle: 'General Admission',
        state: 'complete',
        paid: true,
        updatedAt: 1,
      });
    }
  }
  return out;
}

const index = createListIndex();
index.putTickets(demoLikeTickets(TICKETS));
const built = performance.now();
index.indexSearchFor(Number.POSITIVE_INFINITY);
line('search-index-build', Math.round(performance.now() - built), `ms (${TICKETS} tickets)`);

for (const query of ['ma', 'ma zz', 'niamh', 'niamh ito', 'ito niamh', 'acme']) {
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    const { tickets, orders } = searchList(index, query, { tickets: 50, orders: 10 });
    found = tickets.length + orders.length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const name = `search-${query.replaceAll(' ', '-')}`;
  line(name, times[Math.floor(ROUNDS / 2)]!.toFixed(2), `ms median (tickets and orders, ${found} shown)`);
}
