// Where the organiser reaches a check-in list's Check-in API: the built-in service in this
// browser, or over the network next to the Admin API it is connected to (this app's Node
// server answers both), or where the list's web check-in address points (a real service keeps
// its Check-in API right before `/checkin_lists/`). The first place that knows the list wins.
import type { AdminRecord } from '../../../api/admin-client';
import { type CheckinClient, createCheckinClient } from '../../../api/checkin-client';
import { embeddedBaseUrls } from '../../../api/embedded-service';
import { fail, type Failure, ok, type Result } from '../../../domain/result';
import { createTransport } from '../../../api/http';
import { baseUrlOf } from '../../../domain/list-credential';
import { builtinFetch } from '../builtin-service';
import type { Connection } from '../connection';

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function checkinCandidates(adminBaseUrl: string, webCheckinUrl: string): string[] {
  const adminOrigin = originOf(adminBaseUrl);
  const webOrigin = originOf(webCheckinUrl);
  return [
    adminOrigin && `${adminOrigin}/checkin`,
    baseUrlOf(webCheckinUrl),
    webOrigin && `${webOrigin}/checkin`,
  ].filter((url, i, all): url is string => !!url && all.indexOf(url) === i);
}

export async function checkinClientFor(
  connection: Connection,
  adminBaseUrl: string,
  list: AdminRecord,
): Promise<Result<CheckinClient>> {
  const slug = String(list.slug ?? '');
  if (connection.kind === 'builtin')
    return ok(
      createCheckinClient(createTransport({ baseUrl: embeddedBaseUrls().checkin, fetch: builtinFetch })),
    );
  const web = typeof list.web_checkin_url === 'string' ? list.web_checkin_url : '';
  let last: Failure = fail('not-found');
  for (const baseUrl of checkinCandidates(adminBaseUrl, web)) {
    const client = createCheckinClient(createTransport({ baseUrl, fetch: (request) => fetch(request) }));
    const found = await client.getList(slug);
    if (found.ok) return ok(client);
    last = found;
  }
  return last;
}
