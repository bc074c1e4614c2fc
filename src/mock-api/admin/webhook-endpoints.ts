// Admin API: webhook endpoints of an event (not in the documents; shapes from the recordings
// and the documented examples). The mock keeps them but never calls them.
import type { AdminApp, AdminContext, ServiceContext } from '../context';
import { readAttributes } from '../http/body';
import { noContent, pagedListResponse, recordResponse } from '../http/envelope';
import { ofEvent } from '../http/scope';
import { Attributes, INVALID } from '../http/validation';
import '../model/event-extras';
import type { WebhookEndpoint } from '../model/event-extras';
import { type EventScope, eventScope } from './scope';

const WEBHOOKS_PATH = '/:account_slug/:event_slug/webhook_endpoints';

function endpointRecord(endpoint: WebhookEndpoint): Record<string, unknown> {
  return {
    _type: 'webhook_endpoint',
    id: endpoint.id,
    status: 'active',
    url: endpoint.url,
    included_triggers: endpoint.included_triggers,
    custom_data: endpoint.custom_data,
    // Only https endpoints are current; others are kept but marked deprecated.
    deprecated: !endpoint.url.startsWith('https://'),
  };
}

function endpointPatch(attrs: Attributes, creating: boolean): Partial<WebhookEndpoint> {
  const patch: Partial<WebhookEndpoint> = {};
  const url = attrs.string('url');
  if ((creating || url !== undefined) && attrs.required('url', url)) {
    if (/^https?:\/\/\S+$/.test(url.trim())) patch.url = url.trim();
    else attrs.errors.add('url', INVALID);
  }
  const triggers = attrs.stringArray('included_triggers');
  if (triggers !== undefined) {
    if (triggers.every((t) => /^[a-z_]+\.[a-z_]+$/.test(t))) patch.included_triggers = triggers;
    else attrs.errors.add('included_triggers', INVALID);
  }
  const custom = attrs.value('custom_data');
  if (custom !== undefined)
    patch.custom_data = custom === null || typeof custom === 'string' ? custom : JSON.stringify(custom);
  return patch;
}

function findEndpoint(c: AdminContext, scope: EventScope): WebhookEndpoint {
  return ofEvent(
    scope.event,
    scope.ctx.store.get('webhook_endpoints', Number(c.req.param('webhook_endpoint_id'))),
  );
}

export function registerWebhookEndpoints(app: AdminApp, ctx: ServiceContext): void {
  app.get(WEBHOOKS_PATH, (c) => {
    const scope = eventScope(c, ctx);
    const all = ctx.store.findBy('webhook_endpoints', 'byEvent', scope.event.id);
    return pagedListResponse(c, 'webhook_endpoints', all, endpointRecord, {
      overallTotal: all.length,
      expandable: {},
    });
  });

  app.get(`${WEBHOOKS_PATH}/:webhook_endpoint_id`, (c) => {
    const scope = eventScope(c, ctx);
    return recordResponse(c, 'webhook_endpoint', endpointRecord(findEndpoint(c, scope)), { expandable: {} });
  });

  app.post(WEBHOOKS_PATH, async (c) => {
    const scope = eventScope(c, ctx);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'webhook_endpoint'));
    const patch = endpointPatch(attrs, true);
    attrs.errors.throwIfAny();
    const stamp = scope.now.toISOString();
    const endpoint = ctx.store.insert('webhook_endpoints', {
      event_id: scope.event.id,
      url: '',
      included_triggers: [],
      custom_data: null,
      ...patch,
      created_at: stamp,
      updated_at: stamp,
    });
    return recordResponse(c, 'webhook_endpoint', endpointRecord(endpoint), { status: 201 });
  });

  app.patch(`${WEBHOOKS_PATH}/:webhook_endpoint_id`, async (c) => {
    const scope = eventScope(c, ctx);
    const endpoint = findEndpoint(c, scope);
    const attrs = new Attributes(await readAttributes(c.req.raw, 'webhook_endpoint'));
    const patch = endpointPatch(attrs, false);
    attrs.errors.throwIfAny();
    const updated = ctx.store.update('webhook_endpoints', endpoint.id, {
      ...patch,
      updated_at: scope.now.toISOString(),
    });
    return recordResponse(c, 'webhook_endpoint', endpointRecord(updated));
  });

  app.delete(`${WEBHOOKS_PATH}/:webhook_endpoint_id`, (c) => {
    const scope = eventScope(c, ctx);
    ctx.store.delete('webhook_endpoints', findEndpoint(c, scope).id);
    return noContent();
  });
}
