// Per-device settings, kept in localStorage: small, synchronous at start-up, and not
// personal data. The kiosk PIN is kept only as a salted hash (src/platform/pin-hash.ts).
import { isLocale, type Locale } from '../domain/locales';
import { isPinHash, type PinHash } from '../platform/pin-hash';
import { readSavedSettings as readSaved, SETTINGS_KEY as KEY, savedLanguage } from './saved-settings';

export type Theme = 'dark' | 'light';
/** 'auto' follows the browser's preferred languages (src/domain/locales.ts). */
export type Language = 'auto' | Locale;
/** The kiosk speaks the staff screens' language, or its own for the attendees. */
export type KioskLanguage = 'staff' | Locale;

export interface Settings {
  theme: Theme;
  language: Language;
  kioskLanguage: KioskLanguage;
  deviceName: string;
  sounds: boolean;
  vibration: boolean;
  cameraDeviceId: string | null;
  /** Seconds a verdict stays before scanning resumes; 0 keeps it until tapped. */
  autoReturnSeconds: number;
  /** Null when no PIN is set. */
  kioskPin: PinHash | null;
  syncIntervalSeconds: number;
  /** What a scan does on the staff screens: admit (entry) or record a guest leaving (exit). */
  doorMode: DoorMode;
  /** Null when no supervisor PIN is set: every door action is then open (src/domain/door-roles.ts). */
  supervisorPin: PinHash | null;
  /** Each new code replaces the verdict at once; a refusal stops the lane until seen. */
  fastLane: boolean;
  /** Name badges: none, a Print button after each admission, or printed with every admission. */
  badges: BadgeMode;
}

export type BadgeMode = 'off' | 'ask' | 'always';

export type DoorMode = 'entry' | 'exit';

export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  language: 'auto',
  kioskLanguage: 'staff',
  deviceName: '',
  sounds: true,
  vibration: true,
  cameraDeviceId: null,
  autoReturnSeconds: 3,
  kioskPin: null,
  syncIntervalSeconds: 10,
  doorMode: 'entry',
  supervisorPin: null,
  fastLane: false,
  badges: 'off',
};

export function loadSettings(): Settings {
  const saved = readSaved();
  if (!saved) return { ...DEFAULT_SETTINGS };
  return {
    ...DEFAULT_SETTINGS,
    ...(saved as Partial<Settings>),
    kioskPin: isPinHash(saved.kioskPin) ? saved.kioskPin : null,
    doorMode: saved.doorMode === 'exit' ? 'exit' : 'entry',
    supervisorPin: isPinHash(saved.supervisorPin) ? saved.supervisorPin : null,
    fastLane: saved.fastLane === true,
    badges: saved.badges === 'ask' || saved.badges === 'always' ? saved.badges : 'off',
    language: savedLanguage(saved),
    kioskLanguage: isLocale(saved.kioskLanguage) ? saved.kioskLanguage : 'staff',
  };
}

/** A PIN saved in digits by an earlier version, waiting to be replaced by its hash. */
export function readPlainPin(): string | null {
  const pin = readSaved()?.kioskPin;
  return typeof pin === 'string' && /^\d{4,8}$/.test(pin) ? pin : null;
}

/**
 * Saves a change onto the settings as they are stored now, not as this page last read them:
 * another tab of the app (the kiosk beside the staff screens) may have saved its own change
 * meanwhile, and writing this page's whole copy would undo it. Returns the settings as saved,
 * or, when nothing can be read back from storage, `inMemory` with the change.
 */
export function saveSettings(patch: Partial<Settings>, inMemory: Settings): Settings {
  const settings = { ...(readSaved() === null ? inMemory : loadSettings()), ...patch };
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private windows may refuse storage; the setting still applies for this visit.
  }
  return settings;
}
