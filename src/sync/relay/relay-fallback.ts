// Which way a door's Check-in API calls go for a list joined through a relay: through the relay,
// or straight to the service behind it when the relay is down and the browser can reach the
// service. Plain TypeScript, no React; the engine asks it for each list's client.
//
// Rules:
// - A list with no direct address (not joined through a relay, or a relay that did not say where
//   its service is) always uses its own address: nothing here changes.
// - The relay is tried first. Only a network failure (the request got no HTTP answer at all: the
//   relay's process is gone, its machine is off the network) counts as "relay down". An HTTP
//   answer of any status, a timeout (a slow relay is not a gone one) or a bad body is the relay's
//   answer and is returned as it is.
// - When the relay is down, the same call goes to the service directly. It is the same request:
//   check-ins carry the door's uuid, so a check-in the relay had journalled before it died and the
//   same check-in sent directly are one check-in upstream (the service keeps the uuid, and the
//   relay's mirror forwards by uuid and takes a pulled check-in with its uuid as its own).
// - While the relay stays down, calls go directly without asking it, and the relay is asked
//   again first once `relayRetryMs` has passed: the door is back on the relay at its next sync
//   after the relay answers again.
// - Each list counts the answers that came from the service directly. A pull keeps its cursor when
//   any of its answers did (pull-since.ts): the relay stamps `updated_at` with its own copy's
//   change times, the service with its own, so a cursor moved on by the service's answers would,
//   back on the relay, skip what the relay took in meanwhile (another door of the hall admitting
//   through it while its uplink was down).
// - An undo (DELETE) the service answers 404 directly is not done: the check-in may be one the
//   relay answered and journalled but has not forwarded yet, and would stand on the service once
//   it does. The door is told the service is busy (a transient failure), so its outbox keeps the
//   undo and sends it again, through the relay once it is back (the relay deletes it in order).
// - A direct call that also fails on the network (the service does not allow the app's origin,
//   CORS; mixed content; no internet) means "offline": the door works from its own copy, as it
//   does without a relay. The service is not asked directly again for `directRetryMs`, doubling
//   up to `directRetryMaxMs`, so a service that refuses the app's origin costs one failed request
//   now and then, not one per call.
import type { CheckinClient } from '../../api/checkin-client';
import { fail, type Result } from '../../domain/result';
import type { Clock } from '../clock';

/** What a door is talking to for a list joined through a relay. */
export type Route = 'relay' | 'direct' | 'offline';

export interface RoutedList {
  baseUrl: string;
  /** The service's own Check-in API, as the relay said when the list was joined (or since). */
  directBaseUrl?: string | null;
}

export interface RelayFallbackOptions {
  clientFor: (baseUrl: string) => CheckinClient;
  clock: Pick<Clock, 'now'>;
  /** Told when the route for a relay address changes. */
  onChange?: (baseUrl: string, route: Route) => void;
  relayRetryMs?: number;
  directRetryMs?: number;
  directRetryMaxMs?: number;
}

export const RELAY_RETRY_MS = 2_000;
export const DIRECT_RETRY_MS = 30_000;
export const DIRECT_RETRY_MAX_MS = 300_000;

interface RouteState {
  route: Route;
  /** Until then the relay is not asked (it was down a moment ago). */
  relayDownUntil: number;
  /** Until then the service is not asked directly (it could not be reached from here). */
  directDownUntil: number;
  directFailures: number;
  /** Answers that came from the service directly. */
  directAnswers: number;
}

type Call<T> = (client: CheckinClient) => Promise<Result<T>>;

const unreachable = (result: Result<unknown>) => !result.ok && result.reason === 'network';

export function createRelayFallback(options: RelayFallbackOptions) {
  const { clientFor, clock } = options;
  const relayRetryMs = options.relayRetryMs ?? RELAY_RETRY_MS;
  const directRetryMs = options.directRetryMs ?? DIRECT_RETRY_MS;
  const directRetryMaxMs = options.directRetryMaxMs ?? DIRECT_RETRY_MAX_MS;
  const states = new Map<string, RouteState>();

  const stateOf = (baseUrl: string): RouteState => {
    let state = states.get(baseUrl);
    if (!state) {
      state = { route: 'relay', relayDownUntil: 0, directDownUntil: 0, directFailures: 0, directAnswers: 0 };
      states.set(baseUrl, state);
    }
    return state;
  };

  const set = (baseUrl: string, state: RouteState, route: Route) => {
    if (state.route === route) return;
    state.route = route;
    options.onChange?.(baseUrl, route);
  };

  async function call<T>(
    list: RoutedList,
    directBaseUrl: string,
    op: Call<T>,
    asDirect: (answer: Result<T>) => Result<T> = (answer) => answer,
  ): Promise<Result<T>> {
    const state = stateOf(list.baseUrl);
    let relayAnswer: Result<T> | null = null;
    if (clock.now() >= state.relayDownUntil) {
      relayAnswer = await op(clientFor(list.baseUrl));
      if (!unreachable(relayAnswer)) {
        set(list.baseUrl, state, 'relay');
        return relayAnswer;
      }
      state.relayDownUntil = clock.now() + relayRetryMs;
    }
    if (clock.now() < state.directDownUntil) {
      set(list.baseUrl, state, 'offline');
      return relayAnswer ?? { ok: false, reason: 'network' };
    }
    const direct = await op(clientFor(directBaseUrl));
    if (unreachable(direct)) {
      state.directFailures++;
      const wait = Math.min(directRetryMaxMs, directRetryMs * 2 ** (state.directFailures - 1));
      state.directDownUntil = clock.now() + wait;
      set(list.baseUrl, state, 'offline');
      return direct;
    }
    state.directFailures = 0;
    state.directDownUntil = 0;
    state.directAnswers++;
    set(list.baseUrl, state, 'direct');
    return asDirect(direct);
  }

  /** A client that follows these rules for `list` (its own address when it has no direct one). */
  function clientForList(list: RoutedList): CheckinClient {
    const own = clientFor(list.baseUrl);
    const direct = list.directBaseUrl?.replace(/\/+$/, '');
    if (!direct || direct === list.baseUrl) return own;
    const via = <T>(op: Call<T>) => call(list, direct, op);
    return {
      baseUrl: own.baseUrl,
      getList: (slug, since) => via((c) => c.getList(slug, since)),
      listPage: (resource, slug, page, since) => via((c) => c.listPage(resource, slug, page, since)),
      listPageTimed: (resource, slug, page, since) =>
        via((c) => c.listPageTimed(resource, slug, page, since)),
      listQuestions: (slug) => via((c) => c.listQuestions(slug)),
      getTicket: (slug, ticketSlug) => via((c) => c.getTicket(slug, ticketSlug)),
      createCheckins: (slug, items) => via((c) => c.createCheckins(slug, items)),
      createCheckin: (slug, item) => via((c) => c.createCheckin(slug, item)),
      deleteCheckin: (slug, uuid) =>
        call(
          list,
          direct,
          (c) => c.deleteCheckin(slug, uuid),
          (answer) =>
            !answer.ok && answer.reason === 'not-found'
              ? fail('server', { status: 404, detail: 'not on the service yet; its relay may hold it' })
              : answer,
        ),
    };
  }

  return {
    clientFor: clientForList,
    /** How many answers for this list came from the service directly (0 for a list not on a relay). */
    directAnswersOf: (list: RoutedList): number => states.get(list.baseUrl)?.directAnswers ?? 0,
    /** The route of a list joined through a relay (null for any other list). */
    routeOf(list: RoutedList): Route | null {
      if (!list.directBaseUrl) return null;
      return states.get(list.baseUrl)?.route ?? 'relay';
    },
  };
}
