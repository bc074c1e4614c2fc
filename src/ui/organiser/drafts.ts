// What was typed into a form, kept in sessionStorage until the service accepts it: a refused
// token, a trip to the connection settings or a reload loses nothing. Cleared on success.
import type { FormValues } from './form-values';

const PREFIX = 'venue-checkin.organiser.draft:';

export function loadDraft(key: string): FormValues | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as FormValues) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, values: FormValues): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage refused (private window, full): the form still holds the values.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing to clear.
  }
}
