// The mock ticketing service: `handle(request)` over a store. Every request is a transaction:
// its writes are undone when the answer is not 2xx (or the handler throws), and on 2xx they
// are handed to the persistence adapter and the answer waits until they are durable. The one
// refusal that keeps its writes is marked so by its handler (./http/kept-writes).
// Requests run one at a time, so the journal order is the commit order.
import { type Clock, systemClock } from '../platform/clock';
import type { MockConfig, SeedOptions, ServiceContext } from './context';
import { controlResponse } from './control';
import { DroppedResponse, Faults } from './faults';
import './model';
import type { ApiToken } from './model/api-token';
import { createRandom, entropySeed, type Random } from './random';
import { tokenFromHeader } from '../http/token-header';
import { unauthorised } from './http/auth';
import { bodyLimit, bufferedRequest } from '../http/buffer-body';
import { callerOf, errorResponse, isAdminPath } from './http/error-response';
import { ApiError, badRequest, tooManyRequests } from '../http/errors';
import { takeKeepWrites } from './http/kept-writes';
import { routedPath } from '../http/route-path';
import { withHeaders } from '../http/answer-headers';
import { pathWalks } from '../http/request-target';
import { createRouter } from './router';
import { seedStore } from './seed';
import { type PersistenceAdapter, memoryPersistence } from './store/persistence';
import { Store } from './store/store';
import { describeSeed, otherSeed, snapshotMissing } from './store/stored-data-error';
import { type TokenRequest, createToken, ensureAccounts, revokeStoredToken } from './tokens';

export interface MockServiceOptions {
  store?: Store;
  clock?: Clock;
  random?: Random;
  config?: MockConfig;
  persistence?: PersistenceAdapter;
}

export interface MockService {
  handle(request: Request): Promise<Response>;
  /** The API's own error answer for a request refused before any route (see ../http/request-target). */
  refuse(request: Request, status: number, message: string): Response;
  /** Resolves once stored data is loaded (or seeded). `handle` waits for it by itself. */
  ready: Promise<void>;
  context: ServiceContext;
  faults: Faults;
  reset(seed?: SeedOptions): Promise<void>;
  generateToken(request: TokenRequest): Promise<ApiToken>;
  revokeToken(token: string): Promise<boolean>;
  /** Runs `fn` as one committed, persisted transaction (seeding helpers, tests). */
  write<T>(fn: () => T): Promise<T>;
  close(): Promise<void>;
}

export function createMockService(options: MockServiceOptions = {}): MockService {
  const store = options.store ?? new Store();
  const ctx: ServiceContext = {
    store,
    clock: options.clock ?? systemClock,
    random: options.random ?? createRandom(entropySeed()),
    config: options.config ?? {},
  };
  const persistence = options.persistence ?? memoryPersistence();
  const faults = new Faults(ctx.clock, ctx.random);
  const router = createRouter(ctx);
  let queue: Promise<unknown> = Promise.resolve();

  /** Runs one step at a time, in arrival order. */
  const exclusive = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step, step);
    queue = run.catch(() => {});
    return run;
  };

  const persistPending = async (): Promise<void> => {
    const change = store.pendingChange();
    if (change.changes.length > 0) await persistence.append(change, () => store.exportState());
  };

  const write = <T>(fn: () => T): Promise<T> =>
    exclusive(async () => {
      store.begin();
      try {
        const result = fn();
        await persistPending();
        store.commit();
        return result;
      } catch (error) {
        store.rollback();
        throw error;
      }
    });

  const reseed = async (seed: SeedOptions): Promise<void> => {
    store.clear();
    seedStore(ctx, seed);
    ensureAccounts(
      ctx,
      (ctx.config.tokens ?? []).flatMap((t) => t.accounts),
    );
    await persistence.replace(store.exportState());
  };

  const load = async (): Promise<void> => {
    const loaded = await persistence.load();
    const seed = ctx.config.seed ?? { name: 'demo' };
    const where = persistence.location ?? 'the stored data';
    if (!loaded.snapshot) {
      // Changes without the snapshot they apply to: replaying them alone would lose the rest.
      if (loaded.journal.length > 0) throw snapshotMissing(where, loaded.journal.length);
      await reseed(seed);
      return;
    }
    const label = JSON.stringify(seed);
    if (ctx.config.refuseOtherSeed && loaded.snapshot.seed !== label) {
      throw otherSeed(where, describeSeed(loaded.snapshot.seed), describeSeed(label));
    }
    store.importState(loaded.snapshot);
    for (const change of loaded.journal) store.apply(change);
    store.begin();
    ensureAccounts(
      ctx,
      (ctx.config.tokens ?? []).flatMap((t) => t.accounts),
    );
    const added = store.pendingChange().changes.length > 0;
    store.commit();
    // Compaction on start: the replayed journal becomes the new snapshot.
    if (added || loaded.journal.length > 0 || loaded.rewrite) await persistence.replace(store.exportState());
  };

  const ready = exclusive(load);

  const transact = (request: Request): Promise<Response> =>
    exclusive(async () => {
      store.begin();
      let response: Response;
      try {
        response = await router.fetch(request);
        const kept = takeKeepWrites(response);
        if ((response.status >= 200 && response.status < 300) || kept) {
          await persistPending();
          store.commit();
        } else store.rollback();
      } catch (error) {
        store.rollback();
        throw error;
      }
      return response;
    });

  /**
   * Auth and the body, before the request queues: a body sent with an unknown token, or to an
   * unknown check-in list (the slug is that API's credential), is never read.
   */
  const admit = async (request: Request, url: URL): Promise<Request | Response> => {
    if (isAdminPath(url.pathname) && request.method !== 'OPTIONS' && !callerOf(ctx, request)) {
      const token = tokenFromHeader(request.headers.get('authorization'));
      return errorResponse(ctx, request, unauthorised(token));
    }
    const listSlug = CHECKIN_LIST_PATH.exec(url.pathname)?.[1];
    if (
      request.body &&
      listSlug &&
      !ctx.store.findOne('checkin_lists', 'bySlug', decodeURIComponent(listSlug))
    ) {
      return errorResponse(ctx, request, new ApiError(404, 'Check-in list not found'));
    }
    try {
      return await bufferedRequest(request, bodyLimit(request.method, url.pathname), url.href);
    } catch (error) {
      const known = error instanceof ApiError ? error : badRequest('The request body could not be read');
      return errorResponse(ctx, request, known);
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    const response = await answer(request);
    const date = ctx.config.faults ? faults.dateHeader(routedUrl(request).pathname) : null;
    return date === null ? response : withHeaders(response, { date });
  };

  const answer = async (request: Request): Promise<Response> => {
    await ready;
    const url = routedUrl(request);
    // The parsed address has its dot segments resolved already; what can still walk is an
    // encoded separator or a `..json`. The Node hosts judged the raw target before this.
    if (pathWalks(new URL(request.url).pathname))
      return errorResponse(ctx, request, new ApiError(404, 'The endpoint requested does not exist'));
    if (!validPercentEncoding(url.pathname)) {
      return errorResponse(ctx, request, badRequest('The path is not valid percent-encoding'));
    }
    if (url.pathname.startsWith('/__mock/')) {
      return exclusive(() => controlResponse(request, { ctx, faults, reset: reseed }));
    }
    if (ctx.config.faults) {
      const verdict = faults.before(url.pathname);
      if (verdict.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, verdict.latencyMs));
      if (verdict.kind !== 'pass') return faultResponse(verdict, request, ctx);
    }
    const admitted = await admit(request, url);
    if (admitted instanceof Response) return admitted;
    const response = await transact(admitted);
    if (ctx.config.faults && faults.dropAfterCommit(request.method, url.pathname))
      throw new DroppedResponse();
    return response;
  };

  return {
    handle,
    refuse: (request, status, message) => errorResponse(ctx, request, new ApiError(status, message)),
    ready,
    context: ctx,
    faults,
    reset: (seed) => exclusive(() => reseed(seed ?? ctx.config.seed ?? { name: 'demo' })),
    generateToken: (request) => write(() => createToken(ctx, request)),
    revokeToken: (token) => write(() => revokeStoredToken(ctx, token)),
    write,
    close: () => exclusive(() => persistence.close()),
  };
}

const CHECKIN_LIST_PATH = /^\/checkin\/checkin_lists\/([^/]+)/;

/** The address under the path the real router matches (`//` and a trailing `/` gone, `.json` taken). */
function routedUrl(request: Request): URL {
  const url = new URL(request.url);
  url.pathname = routedPath(url.pathname);
  return url;
}

function validPercentEncoding(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function faultResponse(
  verdict: { kind: 'error'; status: number } | { kind: 'rate-limited'; retryAfterSeconds: number },
  request: Request,
  ctx: ServiceContext,
): Response {
  if (verdict.kind === 'rate-limited') {
    return errorResponse(ctx, request, tooManyRequests(), {
      'retry-after': String(verdict.retryAfterSeconds),
    });
  }
  return errorResponse(ctx, request, new ApiError(verdict.status, 'Injected fault'));
}
