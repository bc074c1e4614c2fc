// The one place that talks to the service worker (workbox-window). A new version is only
// applied when the person asks for it, so a scan in progress is never interrupted by a reload.
// Guarantees: "Update" is offered while this page runs an older version than the one waiting or
// the one now in control, and nowhere else; once asked, the page reloads within
// TAKE_OVER_WITHIN_MS whether or not the waiting worker could take over, and offers the update
// again if it still waits.
import { Workbox } from 'workbox-window';

/**
 * How long the page waits for the waiting worker to take control before it reloads anyway. A
 * worker told to skip waiting takes over only once the old one has finished the requests it
 * holds, and Chromium can hold the page's own requests (the door's sync, its uploads) behind that
 * wait, so neither side finishes: every request waits and the page never reloads (about one tap in
 * ten on a busy two-core host). Leaving the page ends it: the waiting worker takes over before the
 * reloaded page loads. A take-over takes well under a second otherwise.
 */
export const TAKE_OVER_WITHIN_MS = 4000;

export interface ServiceWorkerControl {
  /** Tells the waiting worker to take over; the page reloads once it controls, or anyway. */
  applyUpdate(): void;
}

export interface ServiceWorkerEvents {
  onUpdateWaiting(): void;
  onOfflineReady?(): void;
}

export function registerServiceWorker(events: ServiceWorkerEvents): ServiceWorkerControl | null {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let asked = false;
  // A newer worker controls this page, which still runs the version it loaded.
  let newerInControl = false;
  let reloadAnyway: number | undefined;
  wb.addEventListener('waiting', () => events.onUpdateWaiting());
  wb.addEventListener('controlling', () => {
    if (asked) {
      window.clearTimeout(reloadAnyway);
      window.location.reload();
      return;
    }
    // Taken over without a tap here: in another tab, or after a tap here whose worker could only
    // take over once this (reloaded) page had loaded. This page's code is the old version's.
    newerInControl = true;
    events.onUpdateWaiting();
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) events.onOfflineReady?.();
  });
  void wb.register();
  // Long door shifts keep one tab open for hours: look for a new version now and then.
  window.setInterval(() => void wb.update(), 30 * 60 * 1000);
  return {
    applyUpdate() {
      if (asked) return;
      asked = true;
      if (newerInControl) {
        window.location.reload();
        return;
      }
      wb.messageSkipWaiting();
      reloadAnyway = window.setTimeout(() => window.location.reload(), TAKE_OVER_WITHIN_MS);
    },
  };
}
