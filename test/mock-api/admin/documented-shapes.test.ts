// Our answers against the service's documented examples for registrations, releases, tickets,
// RSVP lists and release invitations: every documented key present with the same JSON type.
import { describe, expect, it } from 'vitest';
import { call } from '../support';
import { documentedFixture } from './documented-fixture';
import { tolerated } from '../reference-tolerance';
import { documentedExample, shapeDifferences } from './shape';

type Fixture = Awaited<ReturnType<typeof documentedFixture>>;

interface Case {
  version: '3.0' | '3.1';
  resource: string;
  example: string;
  request: (f: Fixture) => { method: string; path: string; body?: unknown };
}

const E = '/v3/acme/conf-2026';

const CASES: Case[] = [
  {
    version: '3.0',
    resource: 'registrations',
    example: 'index',
    request: () => ({ method: 'GET', path: `${E}/registrations` }),
  },
  {
    version: '3.0',
    resource: 'registrations',
    example: 'show',
    request: (f) => ({ method: 'GET', path: `${E}/registrations/${f.registration.slug}` }),
  },
  {
    version: '3.1',
    resource: 'registrations',
    example: 'index',
    request: () => ({ method: 'GET', path: `${E}/registrations` }),
  },
  {
    version: '3.1',
    resource: 'registrations',
    example: 'show',
    request: (f) => ({ method: 'GET', path: `${E}/registrations/${f.registration.slug}` }),
  },
  {
    version: '3.1',
    resource: 'registrations',
    example: 'create',
    request: (f) => ({
      method: 'POST',
      path: `${E}/registrations`,
      body: {
        registration: {
          email: 'jane@example.com',
          name: 'Jane Smith',
          line_items: [{ release_id: f.release.id, quantity: 1 }],
        },
      },
    }),
  },
  {
    version: '3.1',
    resource: 'registrations',
    example: 'update',
    request: (f) => ({
      method: 'PATCH',
      path: `${E}/registrations/${f.registration.slug}`,
      body: { registration: { email: 'new@example.com' } },
    }),
  },
  {
    version: '3.0',
    resource: 'releases',
    example: 'index',
    request: () => ({ method: 'GET', path: `${E}/releases` }),
  },
  {
    version: '3.0',
    resource: 'releases',
    example: 'show',
    request: () => ({ method: 'GET', path: `${E}/releases/general` }),
  },
  {
    version: '3.0',
    resource: 'releases',
    example: 'create',
    request: () => ({ method: 'POST', path: `${E}/releases`, body: { release: { title: 'Late Bird' } } }),
  },
  {
    version: '3.0',
    resource: 'releases',
    example: 'update',
    request: () => ({ method: 'PATCH', path: `${E}/releases/general`, body: { release: { quantity: 300 } } }),
  },
  {
    version: '3.0',
    resource: 'tickets',
    example: 'index',
    request: () => ({ method: 'GET', path: `${E}/tickets` }),
  },
  {
    version: '3.0',
    resource: 'tickets',
    example: 'show',
    request: (f) => ({ method: 'GET', path: `${E}/tickets/${f.ticket.slug}` }),
  },
  {
    version: '3.0',
    resource: 'rsvp_lists',
    example: 'index',
    request: () => ({ method: 'GET', path: `${E}/rsvp_lists` }),
  },
  {
    version: '3.0',
    resource: 'rsvp_lists',
    example: 'create',
    request: () => ({ method: 'POST', path: `${E}/rsvp_lists`, body: { rsvp_list: { title: 'Welcome' } } }),
  },
  {
    version: '3.0',
    resource: 'rsvp_lists',
    example: 'show',
    request: (f) => ({ method: 'GET', path: `${E}/rsvp_lists/${f.rsvpList.slug}` }),
  },
  {
    version: '3.0',
    resource: 'rsvp_lists',
    example: 'update',
    request: (f) => ({
      method: 'PATCH',
      path: `${E}/rsvp_lists/${f.rsvpList.slug}`,
      body: { rsvp_list: { title: 'Hi' } },
    }),
  },
  {
    version: '3.0',
    resource: 'release_invitations',
    example: 'index',
    request: (f) => ({ method: 'GET', path: `${E}/rsvp_lists/${f.rsvpList.slug}/release_invitations` }),
  },
];

describe('documented examples', () => {
  for (const c of CASES) {
    it(`${c.version} ${c.resource} ${c.example}`, async () => {
      const fixture = await documentedFixture();
      const { method, path, body } = c.request(fixture);
      const res = await call(fixture.service, method, path, {
        token: c.version === '3.0' ? 'live30' : 'live31',
        body,
      });
      expect(res.status).toBeLessThan(300);
      const reference = documentedExample(c.version, c.resource, c.example);
      expect(shapeDifferences(reference, res.body).filter((d) => !tolerated(reference, d))).toEqual([]);
    });
  }
});
