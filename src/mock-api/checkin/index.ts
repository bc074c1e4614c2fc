// The Check-in API (document 3): no token; the check-in list slug in the path is the credential.
// Errors are `{status, message}` (rendered by the router).
import { Hono } from 'hono';
import type { ServiceContext } from '../context';
import { readBody } from '../../http/body';
import { ApiError } from '../../http/errors';
import { keepWrites } from '../http/kept-writes';
import { recordBatch, recordOne } from './create';
import { readCheckinRequest } from '../../domain/checkin-request';
import { jsonArrayBytes } from './json-array';
import { checkinListJson } from './list-json';
import { listTicket, membership } from './membership';
import { pageNumber, pageOf, sinceMs } from '../../http/checkin-paging';
import { answersSince, checkinsSince, ticketsSince } from './records';
import { listQuestions, requireList } from './scope';
import { answerJson, checkinJson, createdCheckinJson, questionJson, ticketJson } from './serializers';

const BASE = '/checkin_lists/:slug';

export function createCheckinApi(ctx: ServiceContext): Hono {
  const app = new Hono();
  const list = (slug: string) => requireList(ctx, slug);
  const url = (request: Request) => new URL(request.url);

  app.get(BASE, (c) => c.json(checkinListJson(ctx, list(c.req.param('slug')), sinceMs(url(c.req.raw)))));

  app.get(`${BASE}/tickets`, (c) => {
    const found = list(c.req.param('slug'));
    const query = url(c.req.raw);
    const page = pageOf(ticketsSince(ctx, found, sinceMs(query)), pageNumber(query));
    // Written per request, not kept per ticket: 100,000 tickets' JSON would hold 100 MB.
    return c.body(
      jsonArrayBytes(page, (ticket) => ticketJson(listTicket(ctx, ticket))),
      200,
      {
        'content-type': 'application/json; charset=UTF-8',
      },
    );
  });

  app.get(`${BASE}/tickets/:ticket_slug`, (c) => {
    const found = list(c.req.param('slug'));
    const ticket = ctx.store.findOne('tickets', 'bySlug', c.req.param('ticket_slug'));
    const onList = ticket ? membership(ctx, found).find(ticket.id) : undefined;
    if (!onList) throw new ApiError(404, 'Ticket not found');
    return c.json(ticketJson(listTicket(ctx, onList)));
  });

  app.get(`${BASE}/checkins`, (c) => {
    const found = list(c.req.param('slug'));
    const query = url(c.req.raw);
    return c.json(pageOf(checkinsSince(ctx, found, sinceMs(query)), pageNumber(query)).map(checkinJson));
  });

  app.post(`${BASE}/checkins`, async (c) => {
    const found = list(c.req.param('slug'));
    const request = readCheckinRequest(await readBody(c.req.raw));
    if (!request.ok) throw new ApiError(request.status, request.message);
    const releaseOf = (releaseId: number) => ctx.store.get('releases', releaseId);
    if (!request.single) {
      const { recorded, already } = recordBatch(ctx, found, request.items);
      const checkins = recorded.map((r) =>
        createdCheckinJson(r.checkin, r.ticket, releaseOf(r.ticket.release_id)),
      );
      if (Object.keys(already).length > 0) {
        // The other items went in: a 422 that names the refused ones and keeps the rest.
        return keepWrites(
          c.json(
            {
              status: 422,
              message: `Some tickets are already checked in on this list; ${
                checkins.length > 0 ? 'the other check-ins were recorded' : 'nothing was recorded'
              }`,
              errors: already,
              checkins,
            },
            422,
          ),
        );
      }
      return c.json(checkins, recorded.some((r) => r.created) ? 201 : 200);
    }
    const recorded = recordOne(ctx, found, request.items[0]?.[1]);
    return c.json(
      createdCheckinJson(recorded.checkin, recorded.ticket, releaseOf(recorded.ticket.release_id)),
      recorded.created ? 201 : 200,
    );
  });

  app.delete(`${BASE}/checkins/:uuid`, (c) => {
    const found = list(c.req.param('slug'));
    const checkin = ctx.store.findOne('checkins', 'byListUuid', `${found.id}:${c.req.param('uuid')}`);
    if (!checkin) throw new ApiError(404, 'Check-in not found');
    if (checkin.deleted_at) return c.json(checkinJson(checkin));
    const now = ctx.clock.now().toISOString();
    return c.json(
      checkinJson(ctx.store.update('checkins', checkin.id, { deleted_at: now, updated_at: now })),
    );
  });

  app.get(`${BASE}/questions`, (c) =>
    c.json(listQuestions(ctx, list(c.req.param('slug'))).map(questionJson)),
  );

  app.get(`${BASE}/answers`, (c) => {
    const found = list(c.req.param('slug'));
    const query = url(c.req.raw);
    return c.json(pageOf(answersSince(ctx, found, sinceMs(query)), pageNumber(query)).map(answerJson));
  });

  app.all('*', () => {
    throw new ApiError(404, 'The endpoint requested does not exist');
  });
  return app;
}
