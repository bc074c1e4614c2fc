// Reading an event's writable attributes from a create or update body.
import { parameterize } from '../http/slugs';
import { Attributes, INVALID } from '../http/validation';
import type { Event } from '../model/event';
import { EVENT_SETTING_DEFAULTS, EVENT_TRANSLATED, INTEGER_SETTINGS } from '../model/event-settings';
import { readTranslations } from './presenter';

export type EventPatch = Partial<Omit<Event, 'id' | 'account_id' | 'created_at'>>;

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const EXTRA_INTEGER_SETTINGS = ['quantity'];

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function readSettings(attrs: Attributes, current: Event | null): Record<string, unknown> | undefined {
  const changed: Record<string, unknown> = {};
  const keys = [...Object.keys(EVENT_SETTING_DEFAULTS), ...EXTRA_INTEGER_SETTINGS];
  for (const key of keys) {
    if (!attrs.has(key)) continue;
    const fallback = EVENT_SETTING_DEFAULTS[key];
    const value =
      typeof fallback === 'boolean'
        ? attrs.boolean(key)
        : typeof fallback === 'number' || INTEGER_SETTINGS.has(key) || EXTRA_INTEGER_SETTINGS.includes(key)
          ? attrs.integer(key)
          : attrs.string(key);
    if (value !== undefined) changed[key] = value;
  }
  if (Object.keys(changed).length === 0) return undefined;
  return { ...current?.settings, ...changed };
}

/** `slugTaken` says whether another event of the account already has that slug. */
export function readEvent(
  raw: Record<string, unknown>,
  current: Event | null,
  slugTaken: (slug: string) => boolean,
): EventPatch {
  const attrs = new Attributes(raw);
  const patch: EventPatch = {};
  const title = attrs.string('title');
  if (!current || title !== undefined) attrs.required('title', title);
  if (title) patch.title = title;
  const email = attrs.string('email_address');
  if (current && email !== undefined) attrs.required('email_address', email);
  if (email) {
    if (EMAIL.test(email.trim())) patch.email_address = email.trim();
    else attrs.errors.add('email_address', INVALID);
  }
  const slug = attrs.string('slug');
  if (slug) {
    if (parameterize(slug) !== slug) attrs.errors.add('slug', INVALID);
    else if (slug !== current?.slug && slugTaken(slug)) attrs.errors.add('slug', 'has already been taken');
    else patch.slug = slug;
  }
  for (const name of ['description', 'location'] as const) {
    const text = attrs.string(name);
    if (text !== undefined) patch[name] = text || null;
  }
  const currency = attrs.string('currency');
  if (currency) {
    if (/^[A-Za-z]{3}$/.test(currency)) patch.currency = currency.toUpperCase();
    else attrs.errors.add('currency', INVALID);
  }
  const zone = attrs.string('timezone');
  if (zone) {
    if (validZone(zone)) patch.timezone = zone;
    else attrs.errors.add('timezone', 'is not included in the list');
  }
  const locale = attrs.string('default_locale');
  if (locale) patch.default_locale = locale;
  const locales = attrs.stringArray('locales');
  if (locales && locales.length > 0) patch.locales = locales;
  for (const flag of ['live', 'private', 'test_mode', 'archived'] as const) {
    const value = attrs.boolean(flag);
    if (value !== undefined) patch[flag] = value ?? false;
  }
  for (const name of ['start_date', 'end_date'] as const) {
    const date = attrs.date(name);
    if (date !== undefined) patch[name] = date;
  }
  for (const name of ['start_time', 'end_time'] as const) {
    const time = attrs.time(name);
    if (time !== undefined) patch[name] = time;
  }
  if (attrs.has('metadata')) {
    const metadata = attrs.value('metadata');
    if (metadata === null || metadata === '' || (typeof metadata === 'object' && !Array.isArray(metadata))) {
      patch.metadata = metadata === '' ? null : metadata;
    } else attrs.errors.add('metadata', INVALID);
  }
  const start = patch.start_date ?? current?.start_date;
  const end = patch.end_date ?? current?.end_date;
  if (start && end && end < start) attrs.errors.add('end_date', 'must be on or after the start date');
  const translations = readTranslations(
    attrs,
    EVENT_TRANSLATED,
    current?.translations,
    patch.default_locale ?? current?.default_locale ?? 'en',
  );
  if (translations) patch.translations = translations;
  const settings = readSettings(attrs, current);
  if (settings) patch.settings = settings;
  attrs.errors.throwIfAny();
  return patch;
}
