// The fleet's questions answered by the built-in service's own store: an organiser is anyone
// holding an Admin API token of this server (live or test: check-in lists are the same in both
// modes, and either token already reads their slugs) whose accounts include the event's; a
// list belongs to the event when the store says so. Unknown accounts and events are 404, an
// account the token does not hold 403, as the Admin API answers them.
import type { FleetPorts, Refused } from '../../fleet/fleet-ports';
import type { EventKey } from '../../fleet/fleet-data';
import { callerOf } from '../../mock-api/http/error-response';
import type { MockService } from '../../mock-api/service';

const notFound: Refused = { ok: false, status: 404, message: 'Event not found' };

export function mockFleetPorts(service: MockService): FleetPorts {
  const { store } = service.context;
  const find = (key: EventKey) => {
    const account = store.findOne('accounts', 'bySlug', key.account);
    const event = account
      ? store.findOne('events', 'byAccountSlug', `${account.id}:${key.event}`)
      : undefined;
    return { account, event };
  };
  return {
    async authorise(request, key) {
      await service.ready;
      const caller = callerOf(service.context, request);
      if (!caller)
        return {
          ok: false,
          status: 401,
          message: 'Send an Admin API token of this server: Authorization: Token token=<token>',
        };
      const { account, event } = find(key);
      if (!account) return notFound;
      if (!caller.accounts.includes(account.slug))
        return { ok: false, status: 403, message: 'This token does not hold that account' };
      return event ? { ok: true } : notFound;
    },
    async listOf(key, slug) {
      const { event } = find(key);
      const list = store.findOne('checkin_lists', 'bySlug', slug);
      if (!event || !list || list.event_id !== event.id)
        return { ok: false, status: 422, message: "That check-in list is not one of this event's" };
      return { ok: true, slug: list.slug, title: list.title };
    },
  };
}
