// Admin API: webhook endpoints of an event (not in the documents; shapes from the recordings
// and the documented examples). The mock keeps them but never calls them.
import type { AdminApp, ServiceContext } from '../context';
import { type Attributes, INVALID } from '../http/validation';
import '../model/event-extras';
import type { WebhookEndpoint } from '../model/event-extras';
import { byId, checked, registerCrud } from './crud';

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

export function registerWebhookEndpoints(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'webhook_endpoints',
    singular: 'webhook_endpoint',
    param: 'webhook_endpoint_id',
    find: byId('webhook_endpoints'),
    read: checked(endpointPatch),
    create: (p, patch, now) => ({
      event_id: p.event.id,
      url: '',
      included_triggers: [],
      custom_data: null,
      ...patch,
      created_at: now,
      updated_at: now,
    }),
    view: (_p, endpoint) => endpointRecord(endpoint),
    expandable: [],
    list: (_p, all) => ({ rows: all }),
  });
}
