// The doors as one fleet: what the app's server (the built-in service's host and the relay
// alike) and its two kinds of clients, doors and organiser screens, say to each other. The
// service behind has no devices; the server adds them on top of its Check-in API:
//
// Doors (no organiser credential):
//   POST /__service/doors/join      {code, name, app_version}       -> 201 DoorJoined
//                                   | 404 (any code that joins no one) | 409 (the event's fleet
//                                   is full) | 429 (too many wrong codes from this address;
//                                   Retry-After)
//   POST /__service/doors/report    Authorization: Device <credential>, DoorReport
//                                   -> 200 DoorInstructions | 410 revoked | 401 unknown credential
//   POST /__service/doors/forgotten Authorization: Device <credential> -> 204 (the device has
//                                   sent what it held and removed the list: its credential dies;
//                                   said again, or after a revocation, still 204)
//   The Check-in API as for any list, with the device's credential in the slug's place:
//   /checkin/checkin_lists/<credential>/... The server maps it to the list's slug, which the
//   device never sees (answers carry the credential where they would carry the slug). A revoked
//   credential reads nothing (410 in the Check-in API's error shape, `revoked: true`); its
//   check-in POSTs are still taken, once, and counted as from a revoked device, and its undo
//   (DELETE …/checkins/<uuid>) is taken for a check-in this same credential made (POSTed while
//   live, or POSTed after the revocation with a uuid the list did not hold yet, or one the
//   service chose), so no undo made at the door is lost; an undo of any other check-in is 410.
//   All of this until the device says it has forgotten the list.
//
// Organisers (Authorization: Token token=<the Admin API token of this server, or the relay's
// organiser session>), for one event of one account:
//   GET    /__service/fleet/<account>/<event>                       -> 200 FleetView
//   POST   /__service/fleet/<account>/<event>/join_codes            NewJoinCode -> 201 {join_code}
//   DELETE /__service/fleet/<account>/<event>/join_codes/<id>       -> 200 {join_code} (revoked)
//   POST   /__service/fleet/<account>/<event>/devices/<id>/revocation -> 200 {device}
//   POST   /__service/fleet/<account>/<event>/devices/<id>/identification -> 200 {device}
//                                                                     | 409 (revoked)
//
// Errors are `{status, message}` (the Check-in API's shape). Unknown, expired, used-up and
// revoked join codes all answer 404 with one message, so a guess learns nothing; device ids in
// organiser paths are random, and a device of another event is 404 like one that never was.
// `GET /__service` says `fleet: true` where the server keeps a fleet (a relay keeps one only with
// its data directory).

export const DOORS_PATH = '/__service/doors';
export const FLEET_PATH = '/__service/fleet';
/** The prefix of a device's credential, which stands in the slug's place in Check-in API paths. */
export const DEVICE_CREDENTIAL_PREFIX = 'dev_';
/** `Authorization: Device <credential>` on the doors' own endpoints. */
export const DEVICE_AUTH_SCHEME = 'Device';

/**
 * A door is online while it reported within this; the Devices screen says since when otherwise.
 * The server's FLEET_ONLINE_WITHIN_S changes it (src/server/config.ts).
 */
export const ONLINE_WITHIN_MS = 30_000;
/** How often a running door reports at least (and with each sync). */
export const REPORT_EVERY_MS = 15_000;

export const JOIN_CODE_LIMITS = {
  minMinutes: 5,
  maxMinutes: 14 * 24 * 60,
  minDevices: 1,
  maxDevices: 200,
  labelChars: 80,
} as const;
export const DEVICE_NAME_CHARS = 60;

/** What the organiser asks for: a code for one list, valid for a time and a number of devices. */
export interface NewJoinCode {
  /** The check-in list's slug (as the Admin API gives it). */
  checkin_list: string;
  label?: string;
  valid_minutes: number;
  max_devices: number;
}

export interface JoinCodeView {
  id: string;
  /**
   * The code itself: the door kit's QR code and link carry it. Shown in four groups of four
   * (`7KQ2-M9XD-0RTA-5WHB`, Crockford base32); a door may send it in any case, with or without
   * spaces and hyphens, `I`/`L` read as `1` and `O` as `0`.
   */
  code: string;
  /** The door app's address that joins by it (`<door origin>/door/join#code=<code>`). */
  link: string;
  label: string;
  checkin_list: { slug: string; title: string };
  created_at: string;
  expires_at: string;
  max_devices: number;
  devices_joined: number;
  revoked_at: string | null;
  /** `live`, or why it no longer joins anyone. */
  state: 'live' | 'expired' | 'used-up' | 'revoked';
}

export interface DoorJoined {
  device: { id: string; name: string };
  /** Secret: the device's own credential, in the slug's place in Check-in API paths. */
  credential: string;
  /**
   * The Check-in API base the device uses: `/checkin`, relative to the address the door reached
   * this server at (an absolute address is taken as it is).
   */
  checkin_url: string;
  checkin_list: { title: string };
}

export type ReadinessLevel = 'green' | 'amber' | 'red';

export type ReadinessItemId =
  | 'list-complete'
  | 'list-fresh'
  | 'outbox-empty'
  | 'storage-persistent'
  | 'storage-room'
  | 'camera'
  | 'clock'
  | 'app-version'
  | 'battery'
  | 'badge-printing'
  | 'kiosk-pin';

export interface ReadinessItem {
  id: ReadinessItemId;
  level: ReadinessLevel;
}

/** What a door reports: what an organiser needs, nothing personal (no names, no codes, no slugs). */
export interface DoorReport {
  name: string;
  app_version: string;
  /** Whether an update of the app is waiting on the device. */
  update_waiting: boolean;
  copy: {
    tickets: number;
    /** The tickets the list holds by the service's count, when known. */
    tickets_expected: number | null;
    complete: boolean;
    /** When the copy was last brought up to date with the service (ISO), if ever. */
    synced_at: string | null;
  };
  unsent: number;
  parked: number;
  readiness: { ready: boolean; items: ReadinessItem[] };
  /** Since the list was opened on this device. */
  admissions: number;
  refusals: Record<string, number>;
  /** `level` from 0 to 1, as the Battery Status API gives it. */
  battery: { level: number; charging: boolean } | null;
  storage: { persisted: boolean | null; free_bytes: number | null };
  /** When the device made this report (ISO, its own clock). */
  at: string;
}

export interface DoorInstructions {
  /** Show the device's name full screen, with a sound: the organiser asked which door this is. */
  identify: boolean;
}

export interface DeviceView {
  id: string;
  name: string;
  checkin_list: { slug: string; title: string };
  join_code_id: string;
  joined_at: string;
  /** The last report, and when the server received it. */
  last_seen_at: string | null;
  online: boolean;
  report: DoorReport | null;
  revoked_at: string | null;
  /** When the device said it had removed the list after its revocation. */
  forgotten_at: string | null;
  /** Check-ins the service took from this device after it was revoked. */
  checkins_after_revocation: number;
  identify_pending: boolean;
}

export interface FleetSummary {
  /** Devices neither revoked nor forgotten; the figures below count these only. */
  doors: number;
  ready: number;
  online: number;
  /** Doors on another app version than the newest any door reports. */
  old_version: number;
  unsent: number;
  newest_version: string | null;
}

export interface FleetView {
  devices: DeviceView[];
  join_codes: JoinCodeView[];
  summary: FleetSummary;
  /** The server's clock when it answered (ISO): "silent for 3 min" is against this. */
  now: string;
}
