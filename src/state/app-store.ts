// One zustand store of typed slices. Core modules (sync, pwa) push into it through the
// vanilla API; React reads it through selectors in ui/hooks.
import { createStore } from 'zustand/vanilla';

export type Theme = 'dark' | 'light';

export interface ShellSlice {
  updateWaiting: boolean;
  offlineReady: boolean;
  /** True while a scan is being judged or its verdict is on screen; updates wait for it. */
  scanInProgress: boolean;
}

export interface SettingsSlice {
  theme: Theme;
}

export interface AppState {
  shell: ShellSlice;
  settings: SettingsSlice;
  setShell(patch: Partial<ShellSlice>): void;
  setSettings(patch: Partial<SettingsSlice>): void;
}

const SETTINGS_KEY = 'venue-checkin.settings';

function loadSettings(): SettingsSlice {
  const defaults: SettingsSlice = { theme: 'dark' };
  try {
    const saved = globalThis.localStorage?.getItem(SETTINGS_KEY);
    return saved ? { ...defaults, ...(JSON.parse(saved) as Partial<SettingsSlice>) } : defaults;
  } catch {
    return defaults;
  }
}

export function createAppStore() {
  return createStore<AppState>()((set, get) => ({
    shell: { updateWaiting: false, offlineReady: false, scanInProgress: false },
    settings: loadSettings(),
    setShell: (patch) => set({ shell: { ...get().shell, ...patch } }),
    setSettings: (patch) => {
      const settings = { ...get().settings, ...patch };
      set({ settings });
      try {
        globalThis.localStorage?.setItem(SETTINGS_KEY, JSON.stringify(settings));
      } catch {
        // Private windows may refuse storage; the setting still applies for this visit.
      }
    },
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
export const appStore = createAppStore();
