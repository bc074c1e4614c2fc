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

/**
 * A label from the organiser's resource descriptions (columns, fields, actions, sorts: see
 * src/ui/organiser/resources.ts): there the English text is the message's id in the organiser
 * catalogue, so a description stays readable as data. test/ui/i18n checks each one has a message.
 */
export function tl(label: string): string {
  return i18n._(label);
}
