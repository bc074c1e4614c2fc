// One zustand store of typed slices. Core modules (sync, pwa) push into it through the
// vanilla API; React reads it through selectors in ui/hooks. Creating it has no side effects:
// start-up work on it (the kiosk PIN's migration) is started by src/app-main.tsx.
import { createStore } from 'zustand/vanilla';
import { loadSettings, type Settings, saveSettings } from './settings';
import { createReadinessSlice, type ReadinessSlice } from './readiness-slice';
import { initialSyncStatus } from '../sync/engine/door-protocol';
import { createSyncSlice, type SyncSlice } from './sync-slice';

export type { Theme } from './settings';

export interface ShellSlice {
  updateWaiting: boolean;
  offlineReady: boolean;
  /** True while a scan is being judged or its verdict is on screen; updates wait for it. */
  scanInProgress: boolean;
  /** A PIN saved in digits by an earlier version is being hashed; the kiosk stays locked. */
  pinMigrating: boolean;
  /** Until when supervisor actions are unlocked (epoch ms); null while locked. Never stored. */
  supervisorUntil: number | null;
  /**
   * A list just joined, for the scan screen to say once whether the organiser can revoke this
   * door (`door`: the name it joined under with a join code; null: by its slug or address).
   */
  joined: { title: string; door: string | null } | null;
  /** The organiser's last "which door is this?" staff have tapped away (the status's `identify`). */
  identifySeen: number | null;
  /** Another tab of the app erased this device's data (src/pwa/device-erasure.ts). */
  erasedElsewhere: boolean;
}

export type SettingsSlice = Settings;

export interface AppState extends SyncSlice, ReadinessSlice {
  shell: ShellSlice;
  settings: SettingsSlice;
  setShell(patch: Partial<ShellSlice>): void;
  setSettings(patch: Partial<SettingsSlice>): void;
  /** Another tab saved settings: this page takes them up. */
  reloadSettings(): void;
  /**
   * Another tab erased this device's data: the door's status (list titles, the last verdict's
   * guest) is dropped, and no report from the stopped engine takes its place.
   */
  erasedElsewhere(): void;
}

export function createAppStore() {
  return createStore<AppState>()((set, get) => ({
    ...createSyncSlice(set),
    ...createReadinessSlice(set, get),
    shell: {
      updateWaiting: false,
      offlineReady: false,
      scanInProgress: false,
      pinMigrating: false,
      supervisorUntil: null,
      joined: null,
      identifySeen: null,
      erasedElsewhere: false,
    },
    settings: loadSettings(),
    setShell: (patch) => set({ shell: { ...get().shell, ...patch } }),
    setSettings: (patch) => set({ settings: saveSettings(patch, get().settings) }),
    reloadSettings: () => set({ settings: loadSettings() }),
    erasedElsewhere: () =>
      set({
        sync: { ...initialSyncStatus, revision: Number.POSITIVE_INFINITY },
        shell: { ...get().shell, erasedElsewhere: true, joined: null },
      }),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
export const appStore = createAppStore();
