// Messages by their stable id, with ICU placeholders, plurals and selects filled in by Lingui
// in the active locale (src/ui/i18n/i18n.ts).
import { i18n } from './i18n';
import type door from './messages/door/en.json';
import type organiser from './messages/organiser/en.json';

export type DoorMessageKey = keyof typeof door;
export type OrganiserMessageKey = keyof typeof organiser;
export type MessageKey = DoorMessageKey | OrganiserMessageKey;

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return i18n._(key, values);
}

/** A message about `n` things: its ICU plural picks the form the language uses for `n`. */
export function tn(key: MessageKey, n: number, values?: Record<string, string | number>): string {
  return t(key, { ...values, n });
}
