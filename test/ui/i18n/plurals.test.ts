// Counts in each language, through the compiled catalogues and Lingui's Intl.PluralRules:
// 0, 1, 2, 5 and 21 fall in different forms somewhere (French counts 0 as singular; Arabic
// has six forms: zero, one, two, few for 3-10, many for 11-99, other).
import { afterAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../src/domain/locales';
import { activateLocale } from '../../../src/ui/i18n/i18n';
import { t } from '../../../src/ui/i18n/t';

const COUNTS = [0, 1, 2, 5, 21];

const EXPECTED: Record<Locale, { tickets: string[]; doubles: string[] }> = {
  en: {
    tickets: ['0 tickets', '1 ticket', '2 tickets', '5 tickets', '21 tickets'],
    doubles: [
      '0 double admissions',
      '1 double admission',
      '2 double admissions',
      '5 double admissions',
      '21 double admissions',
    ],
  },
  de: {
    tickets: ['0 Tickets', '1 Ticket', '2 Tickets', '5 Tickets', '21 Tickets'],
    doubles: [
      '0 Doppeleinlässe',
      '1 Doppeleinlass',
      '2 Doppeleinlässe',
      '5 Doppeleinlässe',
      '21 Doppeleinlässe',
    ],
  },
  fr: {
    tickets: ['0 billet', '1 billet', '2 billets', '5 billets', '21 billets'],
    doubles: [
      '0 double entrée',
      '1 double entrée',
      '2 doubles entrées',
      '5 doubles entrées',
      '21 doubles entrées',
    ],
  },
  es: {
    tickets: ['0 entradas', '1 entrada', '2 entradas', '5 entradas', '21 entradas'],
    doubles: [
      '0 entradas dobles',
      '1 entrada doble',
      '2 entradas dobles',
      '5 entradas dobles',
      '21 entradas dobles',
    ],
  },
  nl: {
    tickets: ['0 tickets', '1 ticket', '2 tickets', '5 tickets', '21 tickets'],
    doubles: [
      '0 dubbele toelatingen',
      '1 dubbele toelating',
      '2 dubbele toelatingen',
      '5 dubbele toelatingen',
      '21 dubbele toelatingen',
    ],
  },
  ar: {
    tickets: ['لا تذاكر', 'تذكرة واحدة', 'تذكرتان', '5 تذاكر', '21 تذكرة'],
    doubles: [
      'لا دخول مزدوج',
      'دخول مزدوج واحد',
      'دخولان مزدوجان',
      '5 حالات دخول مزدوج',
      '21 حالة دخول مزدوج',
    ],
  },
};

afterAll(async () => {
  await activateLocale('en');
});

describe.each(Object.keys(EXPECTED) as Locale[])('counts in %s', (locale) => {
  it('picks the form its language uses for 0, 1, 2, 5 and 21', async () => {
    expect(await activateLocale(locale)).toBe(locale);
    expect(COUNTS.map((n) => t('countTickets', { n }))).toEqual(EXPECTED[locale].tickets);
    expect(COUNTS.map((n) => t('statusConflicts', { n }))).toEqual(EXPECTED[locale].doubles);
  });
});

describe('numbers inside counts', () => {
  it('groups thousands the language’s way and keeps Latin digits in Arabic', async () => {
    await activateLocale('de');
    expect(t('countTickets', { n: 2800 })).toBe('2.800 Tickets');
    await activateLocale('ar');
    expect(t('countTickets', { n: 2800 })).toBe('2,800 تذكرة');
  });
});
