// Gives every vitest file a real IndexedDB implementation; browsers bring their own.
import 'fake-indexeddb/auto';
// Unit tests read the app in English, as the door and organiser screens would show it.
import { activateLocale, includeArea } from '../src/ui/i18n/i18n';

await includeArea('organiser');
await activateLocale('en');
