// Service text in the screens' language where the record has it (Admin API 3.1 translations),
// as sent otherwise.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../src/ui/i18n/i18n';
import { releaseLine } from '../../../src/ui/organiser/event-overview';
import { translated } from '../../../src/ui/organiser/translated';

const event = {
  title: 'Summer Gala',
  location: 'Harbour Hall',
  translations: {
    en: { title: 'Summer Gala', location: 'Harbour Hall' },
    'de-AT': { title: 'Sommergala', location: null },
    fr: { title: '', location: 'Salle du port' },
  },
};

afterAll(async () => {
  await activateLocale('en');
});

describe('text the service sends', () => {
  it('is the chosen language’s translation where the record has one, by base language', async () => {
    await activateLocale('de');
    expect(translated(event, 'title')).toBe('Sommergala');
    expect(translated(event, 'location')).toBe('Harbour Hall');
    expect(
      releaseLine({ slug: 'r', title: 'Standard', translations: { de: { title: 'Normal' } } }, 0).title,
    ).toBe('Normal');
  });

  it('is shown as sent where there is no translation, or an empty one', async () => {
    await activateLocale('fr');
    expect(translated(event, 'title')).toBe('Summer Gala');
    expect(translated(event, 'location')).toBe('Salle du port');
    await activateLocale('ar');
    expect(translated(event, 'title')).toBe('Summer Gala');
    expect(translated({ title: 'Plain' }, 'title')).toBe('Plain');
  });
});
