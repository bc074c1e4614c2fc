// The door kit's link opened on this device (`/door/join#code=…`): its join code, taken out of
// the address bar at once. The code joins doors until it expires or is used up, so a shared tab,
// a screenshot or the history must not carry it on.
import { type JoinCode, parseJoinCode } from '../../domain/join-code';

export function takeJoinLink(): JoinCode | null {
  const found = parseJoinCode(window.location.href);
  if (window.location.hash)
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return found;
}
