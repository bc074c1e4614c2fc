// Messages by their stable id, with ICU placeholders, plurals and selects filled in by Lingui
// in the active locale (src/ui/i18n/i18n.ts).
import { direction } from '../../domain/locales';
import { activeLocale, i18n } from './i18n';
import type door from './messages/door/en.json';
import type organiser from './messages/organiser/en.json';

export type DoorMessageKey = keyof typeof door;
export type OrganiserMessageKey = keyof typeof organiser;
export type MessageKey = DoorMessageKey | OrganiserMessageKey;

// First-strong isolate and pop directional isolate: a name, code or address put into
// right-to-left text keeps its own direction and cannot reorder the words around it
// (Fluent isolates placeables the same way). Numbers stay numbers, for plurals.
const FSI = '\u2068';
const PDI = '\u2069';

function isolated(values: Record<string, string | number>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = typeof value === 'string' ? `${FSI}${value}${PDI}` : value;
  return out;
}

/**
 * Messages as formatted, by key and values: a verdict's render asks for the same counts and
 * labels again and again, and Lingui formats an ICU message afresh at each call (a plural's
 * every form, its formatters made anew), which was most of what the door's page allocated in a
 * scan. A language or catalogue loaded empties it; it is emptied too when full.
 */
const formatted = new Map<string, string>();
const FORMATTED_LIMIT = 2000;
i18n.on('change', () => formatted.clear());

/**
 * The key and values as one string, different for any other key or values: each value's type
 * kept (the number 1 is not the text "1") and its length before it, so no text a value holds (an
 * attendee's name) can pass for another value.
 */
function memoKey(key: string, values: Record<string, string | number>): string {
  let memo = key;
  for (const name in values) {
    const value = String(values[name]);
    memo += ` ${name} ${typeof values[name] === 'number' ? 'n' : 's'}${value.length} ${value}`;
  }
  return memo;
}

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  const memo = values ? memoKey(key, values) : key;
  const kept = formatted.get(memo);
  if (kept !== undefined) return kept;
  const text = i18n._(key, values && direction(activeLocale()) === 'rtl' ? isolated(values) : values);
  if (formatted.size >= FORMATTED_LIMIT) formatted.clear();
  formatted.set(memo, text);
  return text;
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
