// Setting, checking and migrating the kiosk PIN. The digits never reach storage: only their
// salted hash does. A PIN saved in digits by an earlier version is hashed on start-up and the
// digits overwritten; until then `shell.pinMigrating` keeps the kiosk locked.
import { hashPin, verifyPin } from '../platform/pin-hash';
import type { AppStore } from './app-store';
import { readPlainPin } from './settings';

export async function setKioskPin(store: AppStore, pin: string): Promise<void> {
  store.getState().setSettings({ kioskPin: pin === '' ? null : await hashPin(pin) });
}

export async function checkKioskPin(store: AppStore, pin: string): Promise<boolean> {
  const stored = store.getState().settings.kioskPin;
  return stored !== null && verifyPin(pin, stored);
}

export async function migratePlainPin(store: AppStore): Promise<void> {
  const plain = readPlainPin();
  if (!plain) return;
  store.getState().setShell({ pinMigrating: true });
  try {
    // Saving the settings rewrites the stored entry whole, without the digits.
    store.getState().setSettings({ kioskPin: await hashPin(plain) });
  } finally {
    store.getState().setShell({ pinMigrating: false });
  }
}
