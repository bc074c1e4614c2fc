// Joining a list with a door kit's join code. The app's server spends the code for this device's
// own credential, which from then on stands in the list slug's place (Check-in API paths, the
// list row's key): the sync, the download and the outbox work on it unchanged, and the slug
// never reaches the device. Guarantees: nothing is stored until the server has given the
// credential and the list has been read with it; the row records the device (its id, its name,
// its server) and no address behind a relay, so such a door offline works from its own copy.
import type { CheckinClient } from '../../api/checkin-client';
import type { DoorsClient } from '../../api/doors-client';
import { fail, type Result } from '../../domain/result';
import type { CheckinDatabase } from '../../db/database';
import { listRowFrom } from '../../db/list-row';
import type { ListRow } from '../../db/rows';
import { saveJoined } from '../lists/join-list';

export interface JoinByCodeInput {
  /** The code in its stored form (src/domain/join-code.ts). */
  code: string;
  /** The device's name, shown to the organiser and on every check-in it makes. */
  name: string;
  appVersion: string;
  now: number;
}

/** The Check-in API base the server gave, as an absolute address without a trailing slash. */
function checkinBase(checkinUrl: string, serverUrl: string): string | null {
  try {
    return new URL(checkinUrl, serverUrl).href.replace(/\/+$/, '');
  } catch {
    return null;
  }
}

export async function joinByCode(
  db: CheckinDatabase,
  doors: DoorsClient,
  clientFor: (baseUrl: string) => CheckinClient,
  input: JoinByCodeInput,
): Promise<Result<ListRow>> {
  const joined = await doors.join(input.code, input.name, input.appVersion);
  if (!joined.ok) return joined;
  const { device, credential, checkin_url } = joined.value;
  const baseUrl = checkinBase(checkin_url, doors.serverUrl);
  if (!baseUrl) return fail('bad-response', { detail: 'checkin_url: not an address' });
  const remote = await clientFor(baseUrl).getList(credential);
  if (!remote.ok) return remote;
  const row: ListRow = {
    ...listRowFrom(remote.value, baseUrl, input.now, null),
    // The server answers with the credential where the slug would be; kept so, whatever it said.
    slug: credential,
    door: { deviceId: device.id, name: device.name, serverUrl: doors.serverUrl, revokedAt: null },
  };
  return saveJoined(db, row);
}
