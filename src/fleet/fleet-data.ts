// What the fleet keeps on disk: join codes and devices, each tied to one event of one account
// and to the slug of the check-in list it opens. Times are milliseconds since the epoch. A
// device's credential is only its digest; a join code is kept as itself, because the organiser
// prints it again from the Devices screen while it is live. Read back through a schema, so a
// file someone edited by hand is refused whole, never half-trusted.
import { z } from 'zod';
import type { DoorReport } from './fleet-protocol';

export interface EventKey {
  account: string;
  event: string;
}

export interface StoredCode extends EventKey {
  id: string;
  /** The code in its stored form (./join-codes: 16 characters, no groups). */
  code: string;
  list_slug: string;
  list_title: string;
  label: string;
  created_at: number;
  expires_at: number;
  max_devices: number;
  devices_joined: number;
  revoked_at: number | null;
}

export interface StoredDevice extends EventKey {
  id: string;
  /** SHA-256 of the credential (./device-credentials). */
  digest: string;
  list_slug: string;
  list_title: string;
  join_code_id: string;
  name: string;
  app_version: string;
  joined_at: number;
  revoked_at: number | null;
  forgotten_at: number | null;
  checkins_after_revocation: number;
  /** Check-in uuids counted after the revocation, so a batch sent again is not counted again. */
  taken_uuids: string[];
  identify_pending: boolean;
}

export interface FleetData {
  version: 1;
  codes: StoredCode[];
  devices: StoredDevice[];
}

/** A device's last report, kept in memory only: a restart forgets it until the next one. */
export interface LastReport {
  report: DoorReport;
  receivedAt: number;
}

export const emptyFleet = (): FleetData => ({ version: 1, codes: [], devices: [] });

const segment = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);
const time = z.number().int().nonnegative();
const short = (max: number) => z.string().max(max);

const codeSchema = z.strictObject({
  id: segment,
  account: segment,
  event: segment,
  code: z.string().regex(/^[0-9A-Z]{16}$/),
  list_slug: segment,
  list_title: short(1000),
  label: short(200),
  created_at: time,
  expires_at: time,
  max_devices: z.number().int().min(1).max(100_000),
  devices_joined: z.number().int().nonnegative(),
  revoked_at: time.nullable(),
});

const deviceSchema = z.strictObject({
  id: segment,
  account: segment,
  event: segment,
  digest: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  list_slug: segment,
  list_title: short(1000),
  join_code_id: segment,
  name: short(200),
  app_version: short(100),
  joined_at: time,
  revoked_at: time.nullable(),
  forgotten_at: time.nullable(),
  checkins_after_revocation: z.number().int().nonnegative(),
  taken_uuids: z.array(short(100)).max(100_000),
  identify_pending: z.boolean(),
});

const fleetSchema = z.strictObject({
  version: z.literal(1),
  codes: z.array(codeSchema),
  devices: z.array(deviceSchema),
});

/** The fleet in a file's text, or null when the text is not one. */
export function parseFleet(text: string): FleetData | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = fleetSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
