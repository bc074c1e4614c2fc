import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorker } from './pwa/service-worker';
import { appStore } from './state/app-store';
import { migratePlainPin } from './state/kiosk-pin';
import { App } from './ui/app/App';
import { bootDoor } from './ui/app/door-runtime';
import './ui/app/app.css';

// Before the first render: the kiosk stays locked while a PIN saved in digits is hashed.
void migratePlainPin(appStore);

const worker = registerServiceWorker({
  onUpdateWaiting: () => appStore.getState().setShell({ updateWaiting: true }),
  onOfflineReady: () => appStore.getState().setShell({ offlineReady: true }),
});

// The door's worker starts now, not at the scan screen's first render: a restart's first verdict waits for it.
bootDoor(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App onUpdate={() => worker?.applyUpdate()} />
  </StrictMode>,
);
