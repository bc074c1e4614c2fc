// The Check-in API (spec document 3) as typed calls over one transport. The list slug is the
// credential and travels in the path only; nothing here logs it.
import * as z from 'zod/mini';
import { ok, type Result } from '../domain/result';
import type { FastDecoder, Timed, Transport } from './http';
import { decodeAnswersPage, decodeCheckinsPage, decodeTicketsPage } from './page-decoders';
import {
  answersPage,
  checkinListSchema,
  checkinSchema,
  checkinsPage,
  questionsPage,
  type RemoteAnswer,
  type RemoteCheckin,
  type RemoteList,
  type RemoteQuestion,
  type RemoteTicket,
  ticketSchema,
  ticketsPage,
} from './schemas';

export type PagedResource = 'tickets' | 'checkins' | 'answers';

export type TimedList = RemoteList & { serverTime: number | null };

export interface PagedItems {
  tickets: RemoteTicket;
  checkins: RemoteCheckin;
  answers: RemoteAnswer;
}

/** How a check-in names its ticket; the door always knows the id, so it sends `ticket_id`. */
export interface CheckinInput {
  ticketId: number;
  /**
   * The device's own id for this check-in. A service that keeps it (the mock does) answers a
   * retry with the check-in it already holds; one that ignores it makes its own uuid.
   */
  uuid?: string;
}

const checkinItem = (item: CheckinInput) =>
  item.uuid ? { ticket_id: item.ticketId, uuid: item.uuid } : { ticket_id: item.ticketId };

export interface CheckinClient {
  readonly baseUrl: string;
  /** The list, with the service's clock when it answered (see `Timed`). */
  getList(slug: string, since?: number | null): Promise<Result<TimedList>>;
  listPage<R extends PagedResource>(
    resource: R,
    slug: string,
    page: number,
    since?: number | null,
  ): Promise<Result<PagedItems[R][]>>;
  /** `listPage` with the service's clock when it answered. */
  listPageTimed<R extends PagedResource>(
    resource: R,
    slug: string,
    page: number,
    since?: number | null,
  ): Promise<Result<Timed<PagedItems[R][]>>>;
  listQuestions(slug: string): Promise<Result<RemoteQuestion[]>>;
  /** One ticket by its slug: the list's own, or one that left it (void); 404 when not on the list. */
  getTicket(slug: string, ticketSlug: string): Promise<Result<RemoteTicket>>;
  createCheckins(slug: string, items: readonly CheckinInput[]): Promise<Result<RemoteCheckin[]>>;
  createCheckin(slug: string, item: CheckinInput): Promise<Result<RemoteCheckin>>;
  deleteCheckin(slug: string, uuid: string): Promise<Result<RemoteCheckin | null>>;
}

/** `since` travels as Unix seconds with a fraction, the form the real door apps send. */
export function sinceParam(since: number | null | undefined): string | undefined {
  return since == null ? undefined : (since / 1000).toFixed(3);
}

const pageSchemas = { tickets: ticketsPage, checkins: checkinsPage, answers: answersPage };
/** The bulk pages' fast decoders (page-decoders.ts); zod judges what they leave. */
const pageDecoders = { tickets: decodeTicketsPage, checkins: decodeCheckinsPage, answers: decodeAnswersPage };

export function createCheckinClient(transport: Transport): CheckinClient {
  const listPath = (slug: string) => `/checkin_lists/${encodeURIComponent(slug)}`;
  return {
    baseUrl: transport.baseUrl,
    async getList(slug, since) {
      const answer = await transport.requestTimed(
        { method: 'GET', path: listPath(slug), query: { since: sinceParam(since) } },
        checkinListSchema,
      );
      return answer.ok ? ok({ ...answer.value.value, serverTime: answer.value.serverTime }) : answer;
    },
    listPage: (resource, slug, page, since) =>
      transport.request(
        {
          method: 'GET',
          path: `${listPath(slug)}/${resource}`,
          query: { page, since: sinceParam(since) },
        },
        pageSchemas[resource],
        pageDecoders[resource] as FastDecoder<(typeof pageSchemas)[typeof resource]> | undefined,
      ) as Promise<Result<PagedItems[typeof resource][]>>,
    listPageTimed: (resource, slug, page, since) =>
      transport.requestTimed(
        {
          method: 'GET',
          path: `${listPath(slug)}/${resource}`,
          query: { page, since: sinceParam(since) },
        },
        pageSchemas[resource],
        pageDecoders[resource] as FastDecoder<(typeof pageSchemas)[typeof resource]> | undefined,
      ) as Promise<Result<Timed<PagedItems[typeof resource][]>>>,
    getTicket: (slug, ticketSlug) =>
      transport.request(
        { method: 'GET', path: `${listPath(slug)}/tickets/${encodeURIComponent(ticketSlug)}` },
        ticketSchema,
      ),
    listQuestions: (slug) =>
      transport.request({ method: 'GET', path: `${listPath(slug)}/questions` }, questionsPage),
    createCheckins: (slug, items) =>
      transport.request(
        {
          method: 'POST',
          path: `${listPath(slug)}/checkins`,
          body: {
            batch: {
              checkins: Object.fromEntries(items.map((item, i) => [String(i), checkinItem(item)])),
            },
          },
        },
        checkinsPage,
      ),
    createCheckin: (slug, item) =>
      transport.request(
        {
          method: 'POST',
          path: `${listPath(slug)}/checkins`,
          body: { checkin: checkinItem(item) },
        },
        checkinSchema,
      ),
    deleteCheckin: (slug, uuid) =>
      transport.request(
        { method: 'DELETE', path: `${listPath(slug)}/checkins/${encodeURIComponent(uuid)}` },
        // Real deletes may answer 204 with no body; the documents show the deleted record.
        z.nullable(checkinSchema),
      ),
  };
}
