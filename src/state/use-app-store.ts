import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { type AppState, appStore } from './app-store';

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, useShallow(selector));
}
