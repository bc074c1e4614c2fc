// Joining a list: the code a person hands over (slug, web check-in address or QR content) is
// checked with the service before anything is stored, so a mistyped code leaves no trace.
import type { CheckinClient } from '../../api/checkin-client';
import { fail, type Result } from '../../domain/result';
import { listRowFrom } from '../../db/list-row';
import type { CheckinDatabase } from '../../db/database';
import { readList, saveList } from '../../db/local-copy';
import type { ListRow } from '../../db/rows';
import { stored } from '../../db/storage';
import { baseUrlOf, parseListCredential } from '../../domain/list-credential';

export interface JoinInput {
  /** Slug, web check-in address, or the content of the list's QR code. */
  code: string;
  /** The check-in base address to use; when absent, the one in the address, else `defaultBaseUrl`. */
  baseUrl?: string | null;
  defaultBaseUrl: string;
  now: number;
  /** The service behind the relay at a base address, when that address is a relay's. */
  directFor?: (baseUrl: string) => string | null;
}

/** `<origin>/checkin`: where this app's own server answers, for an address of this app. */
function appCheckinUrl(address: string): string | null {
  try {
    return `${new URL(address.trim()).origin}/checkin`;
  } catch {
    return null;
  }
}

export async function joinList(
  db: CheckinDatabase,
  clientFor: (baseUrl: string) => CheckinClient,
  input: JoinInput,
): Promise<Result<ListRow>> {
  const credential = parseListCredential(input.code);
  if (!credential) return fail('not-a-list');
  // The spec's web check-in address is `{checkin_url}/checkin_lists/<slug>`, but services
  // (the built-in mock among them) may point it at the door app instead: try each candidate.
  const candidates = [input.baseUrl, baseUrlOf(input.code), appCheckinUrl(input.code), input.defaultBaseUrl]
    .filter((b): b is string => !!b)
    .map((b) => b.replace(/\/+$/, ''));
  let baseUrl = '';
  let remote: Awaited<ReturnType<CheckinClient['getList']>> = fail('not-a-list');
  for (const candidate of new Set(candidates)) {
    baseUrl = candidate;
    remote = await clientFor(candidate).getList(credential.slug);
    if (remote.ok || (remote.reason !== 'not-found' && remote.reason !== 'bad-response')) break;
  }
  if (!remote.ok) return remote.reason === 'not-found' ? fail('not-a-list', { status: 404 }) : remote;
  const existing = await readList(db, credential.slug);
  const direct =
    input.directFor?.(baseUrl) ?? (existing?.baseUrl === baseUrl ? existing.directBaseUrl : null);
  return saveJoined(db, listRowFrom(remote.value, baseUrl, existing?.joinedAt ?? input.now, direct));
}

/** Stores a joined list's row (a storage failure as a value). */
export async function saveJoined(db: CheckinDatabase, row: ListRow): Promise<Result<ListRow>> {
  const saved = await stored(() => saveList(db, row));
  return saved.ok ? { ok: true, value: row } : saved;
}
