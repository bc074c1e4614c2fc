import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { closeEmbeddedService } from './api/embedded-service';
import { onDeviceErasedElsewhere } from './pwa/device-erasure';
import { registerServiceWorker } from './pwa/service-worker';
import { appStore } from './state/app-store';
import { dropLeftoverKeys } from './state/dropped-keys';
import { migratePlainPin } from './state/kiosk-pin';
import { SETTINGS_KEY } from './state/saved-settings';
import { App } from './ui/app/App';
import { bootDoor, stopDoor } from './ui/app/door-runtime';
import { activateLocale } from './ui/i18n/i18n';
import { staffLocale } from './ui/i18n/chosen-locale';
import './ui/app/app.css';

// Loaded by src/main.ts once the door worker has started (src/ui/app/door-worker.ts).

// Before the first render: the kiosk stays locked while a PIN saved in digits is hashed.
void migratePlainPin(appStore);
dropLeftoverKeys();

// Settings another tab of the app saved (a kiosk tab beside the staff screens) apply here too.
window.addEventListener('storage', (event) => {
  if (event.key === SETTINGS_KEY) appStore.getState().reloadSettings();
});

// Another tab forgot this device's data: this one lets go of what it holds and says so.
onDeviceErasedElsewhere(() => {
  stopDoor();
  void closeEmbeddedService();
  appStore.getState().erasedElsewhere();
});

const worker = registerServiceWorker({
  onUpdateWaiting: () => appStore.getState().setShell({ updateWaiting: true }),
  onOfflineReady: () => appStore.getState().setShell({ offlineReady: true }),
});

// The door's engine starts now, not at the scan screen's first render: a restart's first verdict
// waits for it. Its worker, created by src/main.ts, has been loading meanwhile; the engine
// opens the list while the language chunk below loads.
bootDoor(window.location.pathname);

// The first screen waits for its language (one small chunk, precached for English) rather than
// showing message ids; the kiosk route's own language follows in its LocaleScope.
await activateLocale(staffLocale(appStore.getState().settings));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App onUpdate={() => worker?.applyUpdate()} />
  </StrictMode>,
);
