// The fleet's state: join codes, devices and their revocations, identify requests, and each
// device's last report. Guarantees:
// - every change is made on a copy, written to the fleet file (./fleet-file: fsync'd, atomic)
//   and only then becomes the state reads see; so a change is answered only once it is on disk,
//   and a failed write leaves the state as it was (the write's error is thrown: a fault);
// - changes run one at a time, in arrival order, so two joins cannot both take a code's last
//   place;
// - what the fleet holds is bounded: codes and devices per event and in all, and the check-in
//   uuids remembered per revoked device; dead entries (spent codes, forgotten devices) make room
//   first, and a change that would pass a bound is refused as a value;
// - reports stay in memory only (a restart forgets them until each door's next one);
// - time comes from `clock`, ids from `newId`; codes and credentials from the cryptographic
//   generator (./join-codes, ./device-credentials).
import type { Clock } from '../platform/clock';
import { credentialDigest, newCredential } from './device-credentials';
import {
  type EventKey,
  type FleetData,
  type LastReport,
  type StoredCode,
  type StoredDevice,
  emptyFleet,
} from './fleet-data';
import type { FleetFile } from './fleet-file';
import type { DoorReport, JoinCodeView } from './fleet-protocol';
import { newJoinCode, readJoinCode } from './join-codes';

export interface FleetLimits {
  codesPerEvent: number;
  devicesPerEvent: number;
  codes: number;
  devices: number;
  /** Check-in uuids remembered per revoked device; past it a repeat may be counted twice. */
  takenUuidsPerDevice: number;
}

export const FLEET_LIMITS: FleetLimits = {
  codesPerEvent: 100,
  devicesPerEvent: 500,
  codes: 1_000,
  devices: 2_000,
  takenUuidsPerDevice: 1_000,
};

export type Outcome<T, R extends string> = { ok: true; value: T } | { ok: false; reason: R };

export interface FleetStoreOptions {
  file: Pick<FleetFile, 'load' | 'save'>;
  clock: Clock;
  /** A fresh random id for a join code (`jc`) or a device (`dv`), unique among its kind. */
  newId: (kind: 'jc' | 'dv') => string;
  limits?: Partial<FleetLimits>;
}

export interface NewCode {
  list: { slug: string; title: string };
  label: string;
  valid_minutes: number;
  max_devices: number;
}

const sameEvent = (a: EventKey, b: EventKey) => a.account === b.account && a.event === b.event;

export function codeState(code: StoredCode, now: number): JoinCodeView['state'] {
  if (code.revoked_at !== null) return 'revoked';
  if (now >= code.expires_at) return 'expired';
  if (code.devices_joined >= code.max_devices) return 'used-up';
  return 'live';
}

/** A device whose credential opens nothing any more: it said it has forgotten the list. */
export const isDead = (device: StoredDevice) => device.forgotten_at !== null;

export type FleetStore = Awaited<ReturnType<typeof createFleetStore>>;

export async function createFleetStore(options: FleetStoreOptions) {
  const limits = { ...FLEET_LIMITS, ...options.limits };
  const now = () => options.clock.now().getTime();
  let data: FleetData = (await options.file.load()) ?? emptyFleet();
  let byDigest = new Map<string, StoredDevice>();
  const reports = new Map<string, LastReport>();
  let queue: Promise<unknown> = Promise.resolve();

  const index = () => {
    byDigest = new Map(data.devices.map((d) => [d.digest, d]));
  };
  index();

  /**
   * Runs `change` on a copy; a value it returns with `ok: true` is written before it becomes
   * the state. Nothing is written for a refusal.
   */
  const mutate = <T, R extends string>(
    change: (draft: FleetData) => Outcome<T, R>,
  ): Promise<Outcome<T, R>> => {
    const run = queue.then(async () => {
      const draft = structuredClone(data);
      const outcome = change(draft);
      if (!outcome.ok) return outcome;
      await options.file.save(draft);
      data = draft;
      index();
      return outcome;
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const deviceIn = (draft: FleetData, key: EventKey, id: string) =>
    draft.devices.find((d) => d.id === id && sameEvent(d, key));

  /** Drops the oldest of `items` that `dead` lets go until one more fits under `max` (`count` now). */
  const makeRoom = <T>(items: T[], count: number, max: number, dead: (item: T) => boolean): boolean => {
    let over = count + 1 - max;
    for (let i = 0; i < items.length && over > 0; ) {
      if (dead(items[i] as T)) {
        items.splice(i, 1);
        over--;
      } else i++;
    }
    return over <= 0;
  };

  const unusedId = (kind: 'jc' | 'dv', taken: (id: string) => boolean) => {
    for (;;) {
      const id = options.newId(kind);
      if (!taken(id)) return id;
    }
  };

  return {
    codesOf: (key: EventKey) => data.codes.filter((c) => sameEvent(c, key)),
    devicesOf: (key: EventKey) => data.devices.filter((d) => sameEvent(d, key)),
    /** The device a credential names, revoked and forgotten ones included. */
    deviceByCredential: (credential: string) => byDigest.get(credentialDigest(credential)),
    lastReport: (deviceId: string) => reports.get(deviceId),

    createCode(key: EventKey, request: NewCode) {
      return mutate<StoredCode, 'full'>((draft) => {
        const at = now();
        const spent = (c: StoredCode) => codeState(c, at) !== 'live';
        const own = draft.codes.filter((c) => sameEvent(c, key));
        const ownRoom = makeRoom(
          draft.codes,
          own.length,
          limits.codesPerEvent,
          (c) => sameEvent(c, key) && spent(c),
        );
        if (!ownRoom || !makeRoom(draft.codes, draft.codes.length, limits.codes, spent))
          return { ok: false, reason: 'full' };
        let code = newJoinCode();
        while (draft.codes.some((c) => c.code === code)) code = newJoinCode();
        const stored: StoredCode = {
          ...key,
          id: unusedId('jc', (id) => draft.codes.some((c) => c.id === id)),
          code,
          list_slug: request.list.slug,
          list_title: request.list.title,
          label: request.label,
          created_at: at,
          expires_at: at + request.valid_minutes * 60_000,
          max_devices: request.max_devices,
          devices_joined: 0,
          revoked_at: null,
        };
        draft.codes.push(stored);
        return { ok: true, value: stored };
      });
    },

    revokeCode(key: EventKey, id: string) {
      return mutate<StoredCode, 'not-found'>((draft) => {
        const code = draft.codes.find((c) => c.id === id && sameEvent(c, key));
        if (!code) return { ok: false, reason: 'not-found' };
        code.revoked_at ??= now();
        return { ok: true, value: code };
      });
    },

    /** A device joins by a code as typed; any code that joins no one is `not-found`, alike. */
    join(typed: string, name: string, appVersion: string) {
      return mutate<{ device: StoredDevice; credential: string }, 'not-found' | 'full'>((draft) => {
        const at = now();
        const wanted = readJoinCode(typed);
        const code = wanted === null ? undefined : draft.codes.find((c) => c.code === wanted);
        if (!code || codeState(code, at) !== 'live') return { ok: false, reason: 'not-found' };
        const own = draft.devices.filter((d) => sameEvent(d, code)).length;
        if (
          !makeRoom(draft.devices, own, limits.devicesPerEvent, (d) => sameEvent(d, code) && isDead(d)) ||
          !makeRoom(draft.devices, draft.devices.length, limits.devices, isDead)
        )
          return { ok: false, reason: 'full' };
        const credential = newCredential();
        const device: StoredDevice = {
          account: code.account,
          event: code.event,
          id: unusedId('dv', (id) => draft.devices.some((d) => d.id === id)),
          digest: credentialDigest(credential),
          list_slug: code.list_slug,
          list_title: code.list_title,
          join_code_id: code.id,
          name,
          app_version: appVersion,
          joined_at: at,
          revoked_at: null,
          forgotten_at: null,
          checkins_after_revocation: 0,
          taken_uuids: [],
          identify_pending: false,
        };
        code.devices_joined += 1;
        draft.devices.push(device);
        return { ok: true, value: { device, credential } };
      });
    },

    revokeDevice(key: EventKey, id: string) {
      return mutate<StoredDevice, 'not-found'>((draft) => {
        const device = deviceIn(draft, key, id);
        if (!device) return { ok: false, reason: 'not-found' };
        device.revoked_at ??= now();
        device.identify_pending = false;
        return { ok: true, value: device };
      });
    },

    requestIdentify(key: EventKey, id: string) {
      return mutate<StoredDevice, 'not-found' | 'revoked'>((draft) => {
        const device = deviceIn(draft, key, id);
        if (!device) return { ok: false, reason: 'not-found' };
        if (device.revoked_at !== null || isDead(device)) return { ok: false, reason: 'revoked' };
        device.identify_pending = true;
        return { ok: true, value: device };
      });
    },

    /** Keeps a live device's report; says whether to identify, which is then cleared. */
    async report(deviceId: string, report: DoorReport): Promise<{ identify: boolean }> {
      reports.set(deviceId, { report, receivedAt: now() });
      if (!data.devices.find((d) => d.id === deviceId)?.identify_pending) return { identify: false };
      const cleared = await mutate<true, 'gone'>((draft) => {
        const device = draft.devices.find((d) => d.id === deviceId);
        if (!device?.identify_pending) return { ok: false, reason: 'gone' };
        device.identify_pending = false;
        return { ok: true, value: true };
      });
      return { identify: cleared.ok };
    },

    /** The device has removed the list: its credential opens nothing from now on. */
    forget(deviceId: string) {
      reports.delete(deviceId);
      return mutate<true, 'gone'>((draft) => {
        const device = draft.devices.find((d) => d.id === deviceId);
        if (!device) return { ok: false, reason: 'gone' };
        if (device.forgotten_at !== null) return { ok: false, reason: 'gone' };
        device.forgotten_at = now();
        device.identify_pending = false;
        // Counted already; kept only to recognise a batch sent again, which can no longer come.
        device.taken_uuids = [];
        return { ok: true, value: true };
      });
    },

    /** Counts check-ins the service took from a revoked device, each uuid once. */
    countTaken(deviceId: string, uuids: readonly string[]) {
      return mutate<number, 'none'>((draft) => {
        const device = draft.devices.find((d) => d.id === deviceId);
        if (!device || device.revoked_at === null || isDead(device)) return { ok: false, reason: 'none' };
        const seen = new Set(device.taken_uuids);
        let added = 0;
        for (const uuid of new Set(uuids)) {
          if (seen.has(uuid)) continue;
          added++;
          if (device.taken_uuids.length < limits.takenUuidsPerDevice) device.taken_uuids.push(uuid);
        }
        if (added === 0) return { ok: false, reason: 'none' };
        device.checkins_after_revocation += added;
        return { ok: true, value: added };
      });
    },
  };
}
