// Per-device settings, kept in localStorage: small, synchronous at start-up, and not
// personal data (the kiosk PIN is a local lock, not a credential of the service).
export type Theme = 'dark' | 'light';
export type Language = 'en';

export interface Settings {
  theme: Theme;
  language: Language;
  deviceName: string;
  sounds: boolean;
  vibration: boolean;
  cameraDeviceId: string | null;
  /** Seconds a verdict stays before scanning resumes; 0 keeps it until tapped. */
  autoReturnSeconds: number;
  kioskPin: string;
  syncIntervalSeconds: number;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'dark',
  language: 'en',
  deviceName: '',
  sounds: true,
  vibration: true,
  cameraDeviceId: null,
  autoReturnSeconds: 3,
  kioskPin: '',
  syncIntervalSeconds: 10,
};

const KEY = 'venue-checkin.settings';

export function loadSettings(): Settings {
  try {
    const saved = globalThis.localStorage?.getItem(KEY);
    return saved
      ? { ...DEFAULT_SETTINGS, ...(JSON.parse(saved) as Partial<Settings>) }
      : { ...DEFAULT_SETTINGS };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function saveSettings(settings: Settings): void {
  try {
    globalThis.localStorage?.setItem(KEY, JSON.stringify(settings));
  } catch {
    // Private windows may refuse storage; the setting still applies for this visit.
  }
}
