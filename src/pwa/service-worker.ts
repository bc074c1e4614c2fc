// The one place that talks to the service worker (workbox-window). A new version is only
// applied when the person asks for it, so a scan in progress is never interrupted by a reload.
import { Workbox } from 'workbox-window';

export interface ServiceWorkerControl {
  /** Tells the waiting worker to take over; the page reloads once it controls. */
  applyUpdate(): void;
}

export interface ServiceWorkerEvents {
  onUpdateWaiting(): void;
  onOfflineReady?(): void;
}

export function registerServiceWorker(events: ServiceWorkerEvents): ServiceWorkerControl | null {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return null;
  const wb = new Workbox('/sw.js', { scope: '/' });
  let reloadOnControl = false;
  wb.addEventListener('waiting', () => events.onUpdateWaiting());
  wb.addEventListener('controlling', () => {
    if (reloadOnControl) window.location.reload();
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) events.onOfflineReady?.();
  });
  void wb.register();
  // Long door shifts keep one tab open for hours: look for a new version now and then.
  window.setInterval(() => void wb.update(), 30 * 60 * 1000);
  return {
    applyUpdate() {
      reloadOnControl = true;
      wb.messageSkipWaiting();
    },
  };
}
