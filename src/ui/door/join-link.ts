// The door kit's link opened on this device (`/door/join#code=…`): its join code, taken out of
// the address bar at once. The code joins doors until it expires or is used up, so a shared tab
// or a screenshot must not carry it on. The browser's own history has it already (it records the
// address it opened before the page runs): a code scanned on the join screen, or typed, never
// enters it (docs/security.md). The link may also carry the list's badge
// layout (`#code=…&badge=…`, docs/badges.md): only that part is kept, for once the code has joined.
import { badgeLayoutPartOf } from '../../domain/badge-layout';
import { type JoinCode, parseJoinCode } from '../../domain/join-code';

export interface JoinLink extends JoinCode {
  /** The link's badge layout alone (`#badge=…`, for takeBadgeLayout), or null when it has none. */
  badge: string | null;
}

/** The code and badge layout of a door kit's link (its text or QR content), or null. */
export function readJoinLink(href: string): JoinLink | null {
  const found = parseJoinCode(href);
  return found && { ...found, badge: found.origin === null ? null : badgeLayoutPartOf(href) };
}

export function takeJoinLink(): JoinLink | null {
  const found = readJoinLink(window.location.href);
  if (window.location.hash)
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return found;
}
