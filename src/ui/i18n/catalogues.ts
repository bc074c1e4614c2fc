// Where each area's (door, organiser) catalogue of each language is loaded from: one dynamic
// import a file, so the build makes each its own chunk (named in vite.config.ts). The page's
// first module (src/main.ts) asks for the door's catalogue of the staff's language at once, so
// its fetch runs beside the app's rather than after the app has run (i18n.ts asks for the same
// module again and gets the one already loading). It imports only what finds that language.
import type { Messages } from '@lingui/core';
import { readSavedSettings, savedLanguage } from '../../state/saved-settings';
import { staffLocale } from './chosen-locale';

export type Area = 'door' | 'organiser';

export const catalogueLoaders: Record<Area, Record<string, () => Promise<Messages>>> = {
  door: import.meta.glob<Messages>('./messages/door/*.json', { import: 'default' }),
  organiser: import.meta.glob<Messages>('./messages/organiser/*.json', { import: 'default' }),
};

/** Starts loading the door's catalogue of the saved staff language (a failure is met later). */
export function loadDoorCatalogueEarly(): void {
  const locale = staffLocale({ language: savedLanguage(readSavedSettings()) });
  catalogueLoaders.door[`./messages/door/${locale}.json`]?.().catch(() => undefined);
}
