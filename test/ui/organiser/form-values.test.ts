import { describe, expect, it } from 'vitest';
import { fieldForAttribute, initialValues, toAttributes } from '../../../src/ui/organiser/form-values';
import type { FieldDef } from '../../../src/ui/organiser/resources';

const FIELDS: FieldDef[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'capacity', label: 'Capacity', kind: 'number' },
  { name: 'secret', label: 'Secret', kind: 'checkbox' },
  { name: 'release_ids', label: 'Releases', kind: 'refs', ref: 'releases', readFrom: ['releases_ids'] },
  { name: 'locales', label: 'Locales', kind: 'list' },
];

describe('organiser form values', () => {
  it('sends required fields even when empty, so the service can say what is missing', () => {
    const values = initialValues(FIELDS, null);
    expect(toAttributes(FIELDS, values, null)).toEqual({ title: '' });
  });

  it('turns typed text into the API types on create', () => {
    const values = { title: ' Gala ', capacity: '20', secret: true, release_ids: [3, 4], locales: 'en, de' };
    expect(toAttributes(FIELDS, values, null)).toEqual({
      title: 'Gala',
      capacity: 20,
      secret: true,
      release_ids: [3, 4],
      locales: ['en', 'de'],
    });
  });

  it('sends only what changed on update, and an emptied optional field as null', () => {
    const record = { title: 'Gala', capacity: 20, secret: false, releases_ids: [3], locales: ['en'] };
    const initial = initialValues(FIELDS, record);
    expect(initial.release_ids).toEqual([3]);
    expect(toAttributes(FIELDS, { ...initial, capacity: '' }, initial)).toEqual({ capacity: null });
  });

  it('places API attributes at the form field they belong to, in either version’s spelling', () => {
    expect(fieldForAttribute(FIELDS, 'title')).toBe('title');
    expect(fieldForAttribute(FIELDS, 'releases_ids')).toBe('release_ids');
    expect(fieldForAttribute(FIELDS, 'releases')).toBe('release_ids');
    expect(fieldForAttribute(FIELDS, 'base')).toBeNull();
  });
});
