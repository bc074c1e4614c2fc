// Text the service sends (event and release titles, locations, descriptions) is shown as
// sent, except where the record carries `translations` (Admin API 3.1: locale -> attribute ->
// value) with a value for the language the screens speak: then that one.
import type { AdminRecord } from '../../api/admin-client';
import { activeLocale } from '../i18n/i18n';

export function translated(record: AdminRecord, attribute: string): unknown {
  const translations = record.translations;
  if (translations && typeof translations === 'object') {
    const locale = activeLocale();
    const byLocale = translations as Record<string, Record<string, unknown> | null | undefined>;
    // "de" or a regional "de-AT", whichever the event uses.
    const entry =
      byLocale[locale] ??
      Object.entries(byLocale).find(([tag]) => tag.toLowerCase().split(/[-_]/)[0] === locale)?.[1];
    const value = entry?.[attribute];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return record[attribute];
}
