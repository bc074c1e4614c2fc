import { createContext, useContext } from 'react';
import { eventPath } from '../../api/admin-client';

export interface EventScope {
  account: string;
  event: string;
}

export const EventScopeContext = createContext<EventScope | null>(null);

export function useEventScope(): EventScope | null {
  return useContext(EventScopeContext);
}

/** Path of an event resource for the admin client. */
export function scopedPath(scope: EventScope, ...rest: (string | number)[]): string {
  return eventPath(scope.account, scope.event, ...rest);
}

/** Link inside the organiser router (nested under /organiser). */
export function scopedHref(scope: EventScope, ...rest: (string | number)[]): string {
  return `/events/${[scope.account, scope.event, ...rest].map((p) => encodeURIComponent(String(p))).join('/')}`;
}
