// Venues, webhook endpoints and waitlisted people: not in the documents, shaped after the
// recordings and the documented examples.
import { describe, expect, it } from 'vitest';
import { serviceWithBasics } from '../factories';
import { NOW, call } from '../support';
import { tolerated } from '../reference-tolerance';
import { documentedExample, shapeDifferences } from './shape';

function differences(version: '3.0' | '3.1', resource: string, name: string, body: unknown): string[] {
  const reference = documentedExample(version, resource, name);
  return shapeDifferences(reference, body).filter((d) => !tolerated(reference, d));
}

const E = '/v3/acme/conf-2026';

describe('venues', () => {
  it('creates, lists, updates and deletes venues', async () => {
    const { service } = await serviceWithBasics();
    const created = await call(service, 'POST', `${E}/venues`, {
      token: 'live31',
      body: { venue: { name: 'Conference Center', address: '123 Main St' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.venue).toMatchObject({
      _type: 'venue',
      name: 'Conference Center',
      show: true,
      position: 0,
    });
    const list = await call(service, 'GET', `${E}/venues`, { token: 'live31' });
    expect(list.body.venues).toHaveLength(1);
    expect(list.body.meta).toMatchObject({ api_version: '3.1.0', expandable: null, total_count: 1 });
    const id = created.body.venue.id;
    const updated = await call(service, 'PATCH', `${E}/venues/${id}`, {
      body: { venue: { name: 'Hall B' } },
    });
    expect(updated.body.venue.name).toBe('Hall B');
    const invalid = await call(service, 'POST', `${E}/venues`, { body: { venue: {} } });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({ errors: { name: ["can't be blank"] } });
    expect((await call(service, 'DELETE', `${E}/venues/${id}`)).status).toBe(204);
    expect((await call(service, 'GET', `${E}/venues/${id}`)).status).toBe(404);
  });
});

describe('webhook endpoints', () => {
  it('creates, lists, updates and deletes endpoints in the documented shape', async () => {
    const { service } = await serviceWithBasics();
    const created = await call(service, 'POST', `${E}/webhook_endpoints`, {
      body: 'webhook_endpoint[included_triggers][]=registration.finished&webhook_endpoint[url]=https%3A%2F%2Fexample.com%2Fhook',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(created.status).toBe(201);
    expect(created.body.webhook_endpoint).toMatchObject({
      status: 'active',
      url: 'https://example.com/hook',
      included_triggers: ['registration.finished'],
      deprecated: false,
    });
    for (const name of ['create', 'show']) {
      expect(differences('3.0', 'webhook_endpoints', name, created.body)).toEqual([]);
    }
    const list = await call(service, 'GET', `${E}/webhook_endpoints`);
    expect(differences('3.0', 'webhook_endpoints', 'index', list.body)).toEqual([]);
    const id = created.body.webhook_endpoint.id;
    const updated = await call(service, 'PATCH', `${E}/webhook_endpoints/${id}`, {
      token: 'live31',
      body: { webhook_endpoint: { included_triggers: ['ticket.completed'] } },
    });
    expect(updated.body.webhook_endpoint.included_triggers).toEqual(['ticket.completed']);
    const bad = await call(service, 'POST', `${E}/webhook_endpoints`, {
      token: 'live31',
      body: { webhook_endpoint: { url: 'nope' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ url: ['is invalid'] });
    expect((await call(service, 'DELETE', `${E}/webhook_endpoints/${id}`, { token: 'live31' })).status).toBe(
      204,
    );
  });
});

describe('waitlisted people', () => {
  it('lists joined and offered people by default and shows one with its release in 3.0', async () => {
    const { service, ctx, event, release } = await serviceWithBasics();
    await service.write(() => {
      const base = {
        event_id: event.id,
        release_id: release.id,
        message: null,
        offered_at: null,
        expires_at: null,
      };
      ctx.store.insert('waitlisted_people', {
        ...base,
        name: 'Jane',
        email: 'jane@example.com',
        state: 'joined',
        created_at: NOW,
        updated_at: NOW,
      });
      ctx.store.insert('waitlisted_people', {
        ...base,
        name: 'Old',
        email: 'old@example.com',
        state: 'expired',
        created_at: NOW,
        updated_at: NOW,
      });
    });
    const list = await call(service, 'GET', `${E}/waitlisted_people`, { token: 'live31' });
    expect(list.body.waitlisted_people.map((p: { name: string }) => p.name)).toEqual(['Jane']);
    expect(list.body.meta).toMatchObject({
      expandable: null,
      resources_hidden_by_default_count: 1,
      search_states_hidden_by_default: ['redeemed', 'rejected', 'expired'],
    });
    expect(list.body.meta.filter_options.selected_states).toEqual(['joined', 'offered']);
    const v30 = await call(service, 'GET', `${E}/waitlisted_people`);
    expect(differences('3.0', 'waitlisted_people', 'index', v30.body)).toEqual([]);
    const id = list.body.waitlisted_people[0].id;
    const shown = await call(service, 'GET', `${E}/waitlisted_people/${id}`);
    expect(shown.body.waitlisted_person).toMatchObject({
      status: 'Waiting',
      joined: true,
      release: { slug: 'general' },
    });
  });
});
