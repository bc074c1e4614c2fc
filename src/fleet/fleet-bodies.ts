// The fleet's request bodies read from untrusted input (already parsed within size and depth
// limits, on null-prototype objects: ../http/body): a door's join and report, an organiser's
// new join code. Every field is checked for type, length and range; counts are whole numbers
// within bounds; refusal reasons are a map of at most 32 short keys. Keys the protocol does not
// name are dropped, never stored, and so are readiness items of an id this server does not know
// (a newer door may report more). A refusal names the field, never echoes the value.
import { z } from 'zod';
import {
  DEVICE_NAME_CHARS,
  JOIN_CODE_LIMITS,
  type NewJoinCode,
  type DoorReport,
  type ReadinessItem,
  type ReadinessItemId,
} from './fleet-protocol';

const READINESS_IDS: readonly ReadinessItemId[] = [
  'list-complete',
  'list-fresh',
  'outbox-empty',
  'storage-persistent',
  'storage-room',
  'camera',
  'clock',
  'app-version',
  'battery',
  'badge-printing',
  'kiosk-pin',
];
const MAX_REFUSAL_REASONS = 32;
const MAX_READINESS_ITEMS = 32;

// No control characters (C0, DEL, C1), line or paragraph separators, or bidi overrides: a
// name is shown to organisers as it is.
const PLAIN_TEXT = /^[^\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]*$/u;

export const deviceName = z
  .string()
  .max(DEVICE_NAME_CHARS * 4)
  .transform((s) => s.trim())
  .pipe(z.string().min(1).max(DEVICE_NAME_CHARS).regex(PLAIN_TEXT));
export const appVersion = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/);

const count = z.number().int().min(0).max(100_000_000);
const instant = z.iso.datetime({ offset: true }).max(40);

const reportSchema = z.object({
  name: deviceName,
  app_version: appVersion,
  update_waiting: z.boolean(),
  copy: z.object({
    tickets: count,
    tickets_expected: count.nullable(),
    complete: z.boolean(),
    synced_at: instant.nullable(),
  }),
  unsent: count,
  parked: count,
  readiness: z.object({
    ready: z.boolean(),
    items: z
      .array(z.object({ id: z.string().max(40), level: z.enum(['green', 'amber', 'red']) }))
      .max(MAX_READINESS_ITEMS),
  }),
  admissions: count,
  refusals: z
    .record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,39}$/), count)
    .refine((map) => Object.keys(map).length <= MAX_REFUSAL_REASONS, {
      message: `at most ${MAX_REFUSAL_REASONS} reasons`,
    }),
  battery: z.object({ level: z.number().min(0).max(1), charging: z.boolean() }).nullable(),
  storage: z.object({
    persisted: z.boolean().nullable(),
    free_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  }),
  at: instant,
});

const plainText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((s) => s.trim())
    .pipe(z.string().max(max).regex(PLAIN_TEXT));

const newCodeSchema = z.object({
  checkin_list: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'not a check-in list slug'),
  label: plainText(JOIN_CODE_LIMITS.labelChars).optional(),
  valid_minutes: z.number().int().min(JOIN_CODE_LIMITS.minMinutes).max(JOIN_CODE_LIMITS.maxMinutes),
  max_devices: z.number().int().min(JOIN_CODE_LIMITS.minDevices).max(JOIN_CODE_LIMITS.maxDevices),
});

const joinSchema = z.object({
  code: z.string().max(64),
  name: deviceName,
  app_version: appVersion,
});

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** The first problem, named by its field (`copy.tickets: …`), never echoing the value. */
function problem(error: z.ZodError): string {
  const issue = error.issues[0];
  // A path names a map's key, which the client chose: cut short.
  const where =
    issue?.path
      .slice(0, 4)
      .map((part) => String(part).slice(0, 40))
      .join('.') || 'body';
  return `${where}: ${issue?.message ?? 'not valid'}`;
}

export function readDoorReport(body: unknown): Read<DoorReport> {
  const parsed = reportSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: `The report is not valid (${problem(parsed.error)})` };
  const report = parsed.data;
  const items = report.readiness.items.filter((item): item is ReadinessItem =>
    (READINESS_IDS as readonly string[]).includes(item.id),
  );
  // Rebuilt as a plain object: the parsed map came from a null-prototype body.
  const refusals: Record<string, number> = {};
  for (const [reason, n] of Object.entries(report.refusals)) refusals[reason] = n;
  return { ok: true, value: { ...report, readiness: { ready: report.readiness.ready, items }, refusals } };
}

export function readJoinRequest(body: unknown): Read<{ code: string; name: string; app_version: string }> {
  const parsed = joinSchema.safeParse(body);
  if (!parsed.success)
    return { ok: false, message: `The join request is not valid (${problem(parsed.error)})` };
  return { ok: true, value: parsed.data };
}

export function readNewJoinCode(body: unknown): Read<Required<NewJoinCode>> {
  const parsed = newCodeSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: `The join code is not valid (${problem(parsed.error)})` };
  return { ok: true, value: { ...parsed.data, label: parsed.data.label ?? '' } };
}
