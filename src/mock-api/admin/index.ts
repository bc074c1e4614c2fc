// Every Admin API resource, in registration order. Hono tries routes in this order, so
// `/:account_slug/events` (events, first) wins over `/:account_slug/:event_slug`, and `/hello`
// and `/events` over `/:account_slug`.
import type { AdminApp, ServiceContext } from '../context';
import { ApiError } from '../../http/errors';
import { registerAccounts } from './accounts';
import { registerActivities } from './activities';
import { registerAnswers } from './answers';
import { registerCheckinLists } from './checkin-lists';
import { registerDiscountCodes } from './discount-codes';
import { registerEvents } from './events';
import { registerHello } from './hello';
import { registerInterestedUsers } from './interested-users';
import { registerOptIns } from './opt-ins';
import { registerQuestions } from './questions';
import { registerRefunds } from './refunds';
import { registerRegistrations } from './registrations';
import { registerReleaseInvitations } from './release-invitations';
import { registerReleases } from './releases';
import { registerRsvpLists } from './rsvp-lists';
import { registerTickets } from './tickets';
import { registerVenues } from './venues';
import { registerWaitlistedPeople } from './waitlisted-people';
import { registerWebhookEndpoints } from './webhook-endpoints';

export function registerAdminApi(app: AdminApp, ctx: ServiceContext): void {
  registerHello(app, ctx);
  registerEvents(app, ctx);
  // After `/hello` and `/events`, which it would otherwise take for account slugs.
  registerAccounts(app, ctx);
  registerActivities(app, ctx);
  registerAnswers(app, ctx);
  registerCheckinLists(app, ctx);
  registerDiscountCodes(app, ctx);
  registerInterestedUsers(app, ctx);
  registerOptIns(app, ctx);
  registerQuestions(app, ctx);
  registerRefunds(app, ctx);
  registerRegistrations(app, ctx);
  registerReleases(app, ctx);
  registerTickets(app, ctx);
  registerRsvpLists(app, ctx);
  registerReleaseInvitations(app, ctx);
  registerVenues(app, ctx);
  registerWebhookEndpoints(app, ctx);
  registerWaitlistedPeople(app, ctx);
  app.all('*', () => {
    throw new ApiError(404, 'Resource not found', { hint: 'The endpoint requested does not exist' });
  });
}
