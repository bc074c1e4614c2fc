// The door's protocol: everything the page and the door's worker say to each other, in one
// place. The worker (engine-main.ts) implements `DoorWorker`; the page (src/ui/app/
// door-runtime.ts) holds it through Comlink, typed end to end, and offers the worker a
// `DoorHost`. Three kinds of message cross:
// - commands, page to worker: `DoorCommands`, each answering asynchronously (a failure as a
//   `{ ok: false, reason }` value, never a throw), and each waiting, in the worker, for the
//   engine the page's `init` starts, so the page may call before the worker is ready;
// - status, worker to page: the whole `SyncStatus` after every change, through `DoorHost.report`
//   (paced: at most ten a second while a list downloads); a decision's answer (a scan's verdict,
//   an undo) carries instead the status it left, if not yet reported (`Decided`), so the page
//   draws the verdict and the counts it moved in one render; the start's answer carries the
//   whole status, so the page knows the seal and the lists before it shows a door screen;
// - the built-in demo service's requests, worker to page (`DoorHost.builtInFetch`), since that
//   service lives in the page;
// - what only the page can tell a door's report to the fleet (`DoorHost.deviceFacts`: battery,
//   storage, a waiting update, the readiness check), asked by the worker when a report goes.
// Door screens import what they need of the door from this module alone.
import type { ProxyMarked, Remote } from 'comlink';
import type { DoorAccess } from '../../domain/door-roles';
import type { SyncEngine } from './sync-engine';
import type { SyncStatus } from '../status/sync-status';
import type { DeviceFacts } from '../fleet/door-report';

export type { AuditCsvWords } from '../audit/audit-csv';
export type { ScanBasis } from '../scan/confirm-online';
export type { ScanOutcome } from '../scan/door-scan';
export type { ListFacts } from '../lists/forget-list';
export type { LaneRead } from '../scan/scan-queue';
export type { Farewell, ListSummary, SealState, SyncStatus, TicketNaming } from '../status/sync-status';
export type { DeviceFacts, Readiness } from '../fleet/door-report';
export { initialSyncStatus } from '../status/sync-status';
export { PASSCODE_MIN_LENGTH } from '../../db/seal/keyring';

/** A request to the built-in service, as it crosses to the page (a `Request` cannot). */
export interface WireRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

export interface WireResponse {
  status: number;
  headers: [string, string][];
  body: string;
}

/** What the page offers the worker: it hears the door's status, and serves the built-in service. */
export interface DoorHost {
  report(status: SyncStatus): void;
  builtInFetch(request: WireRequest): Promise<WireResponse>;
  deviceFacts(): Promise<DeviceFacts>;
}

/** What the page tells the worker at its start. */
export interface DoorSettings {
  databaseName: string;
  defaultBaseUrl: string;
  /** Check-in base addresses under this prefix are the built-in service in the page. */
  builtInPrefix: string;
  deviceName: string;
  syncIntervalMs: number;
  online: boolean;
  /** The supervisor lock, as the page knows it (src/state/supervisor.ts). */
  access?: DoorAccess;
  /** This app's version (a door's reports give it). */
  appVersion?: string;
}

/** The settings the person may change while the door runs. */
export type DoorSettingsChange = Partial<Pick<DoorSettings, 'deviceName' | 'syncIntervalMs' | 'access'>>;

/** The engine's commands the page may send (see sync-engine.ts for what each does). */
export type DoorCommandName =
  | 'start'
  | 'choosePasscode'
  | 'unlock'
  | 'learnRelay'
  | 'join'
  | 'joinByCode'
  | 'dismissFarewell'
  | 'dismissForgottenElsewhere'
  | 'open'
  | 'scan'
  | 'admit'
  | 'admitAnyway'
  | 'exitScan'
  | 'exit'
  | 'typed'
  | 'admitOrder'
  | 'orderAround'
  | 'undo'
  | 'undoAll'
  | 'dismissParked'
  | 'badgesFor'
  | 'find'
  | 'ticket'
  | 'stats'
  | 'answers'
  | 'syncNow'
  | 'flush'
  | 'setOnline'
  | 'facts'
  | 'forget'
  | 'unsentByList'
  | 'wipeDevice'
  | 'exportUnsent'
  | 'auditLog'
  | 'exportAudit';

/** A command as it crosses: the engine's arguments, its answer as a promise. */
type Asked<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;

/** The commands, as the worker answers them and the page calls them. */
export type DoorCommands = { [K in DoorCommandName]: Asked<SyncEngine[K]> };

/**
 * Commands whose answer carries the status they left (`Decided`): the decisions, and the start
 * (the page then knows where the seal stands before it shows a screen behind it).
 */
export const WITH_STATUS = [
  'start',
  'scan',
  'admit',
  'admitAnyway',
  'exitScan',
  'exit',
  'typed',
  'admitOrder',
  'undo',
  'undoAll',
] as const satisfies readonly DoorCommandName[];
export type WithStatusName = (typeof WITH_STATUS)[number];

/** An answer as it crosses (a decision's, the start's), with the status it left. */
export interface Decided<T> {
  answer: T;
  status: SyncStatus | null;
}

/** The commands as they cross: those `WITH_STATUS` answer with their status. */
export type WireCommands = {
  [K in DoorCommandName]: K extends WithStatusName
    ? (...args: Parameters<DoorCommands[K]>) => Promise<Decided<Awaited<ReturnType<DoorCommands[K]>>>>
    : DoorCommands[K];
};

/** The door's worker, as the page holds it. */
export interface DoorWorker {
  /** Starts the engine (once; a second call changes nothing). It syncs only on `start`. */
  init(host: Remote<DoorHost & ProxyMarked>, settings: DoorSettings): Promise<void>;
  configure(change: DoorSettingsChange): void;
  /** Which door made each check-in of a list, as far as this device knows; starts no sync. */
  doorNames(listSlug: string): Promise<Map<string, string>>;
  /** The engine's commands; each waits for `init`. */
  commands: WireCommands & ProxyMarked;
}

/** The door's commands as the page holds them: every call goes to the worker. */
export type DoorEngine = Remote<DoorCommands & ProxyMarked>;
