// The badge layouts this organiser's browser set, per check-in list (by its slug), and the list's
// link with the layout in it: what the list panel, its QR code and the door kit hand to doors.
// The service has no field for a badge, so the layout lives here and travels in the link.
import type { AdminRecord } from '../../../api/admin-client';
import {
  type BadgeLayout,
  encodeBadgeLayout,
  joinCodeLinkWithBadgeLayout,
  linkWithBadgeLayout,
  parseBadgeLayout,
} from '../../../domain/badge-layout';

const KEY = 'venue-checkin.organiser-badges';

function readAll(): Record<string, string> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof saved === 'object' && saved !== null && !Array.isArray(saved)
      ? (saved as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** The list's saved layout; null once removed (doors are told to print none); undefined if never set. */
export function savedBadgeLayout(listSlug: string): BadgeLayout | null | undefined {
  const text = readAll()[listSlug];
  if (typeof text !== 'string') return undefined;
  const parsed = parseBadgeLayout(text);
  return parsed.ok ? parsed.layout : undefined;
}

/** Saves (or, with null, removes) the list's layout; false when the browser refused to store it. */
export function saveBadgeLayout(listSlug: string, layout: BadgeLayout | null): boolean {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...readAll(), [listSlug]: encodeBadgeLayout(layout) }));
    return true;
  } catch {
    return false;
  }
}

/** The list's web check-in address, as the service gives it (or this app's form of it). */
export function webCheckinAddress(record: AdminRecord): string {
  const given = typeof record.web_checkin_url === 'string' ? record.web_checkin_url : '';
  return given || `${location.origin}/checkin_lists/${String(record.slug)}`;
}

/** The list's web check-in address, carrying its badge layout once one was set here. */
export function listLink(record: AdminRecord): string {
  return withSavedLayout(String(record.slug ?? ''), webCheckinAddress(record));
}

/** `address` with the list's saved badge layout in its fragment, when one is saved. */
export function withSavedLayout(slug: string, address: string): string {
  const layout = savedBadgeLayout(slug);
  return layout === undefined ? address : linkWithBadgeLayout(address, layout);
}

/**
 * A join code's link (`…/door/join#code=…`) with the list's saved badge layout beside the code,
 * when one is saved: a door joined by the code then prints the same badges as one joined by the
 * list's address.
 */
export function joinCodeLinkWithSavedLayout(slug: string, link: string): string {
  const layout = savedBadgeLayout(slug);
  return layout === undefined ? link : joinCodeLinkWithBadgeLayout(link, layout);
}
