// The page's first module, kept tiny: it starts the door's sync worker, then loads the app.
// Static imports would load and run the whole app before this line; the dynamic import lets
// the worker boot while the app's code is fetched and parsed (src/ui/app/door-worker.ts).
import { startDoorWorkerEarly } from './ui/app/door-worker';
import { loadDoorCatalogueEarly } from './ui/i18n/catalogues';

startDoorWorkerEarly(window.location.pathname);
// The first screen's messages load beside the app (src/ui/i18n/catalogues.ts).
loadDoorCatalogueEarly();
await import('./app-main');
