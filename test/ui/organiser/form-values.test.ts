import { describe, expect, it } from 'vitest';
import {
  fieldForAttribute,
  initialValues,
  linkedIds,
  toAttributes,
} from '../../../src/ui/organiser/form-values';
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

  it('reads links in either version’s spelling, by the embedded records when 3.0 names them by slug', () => {
    const releases = FIELDS[3] as FieldDef;
    expect(linkedIds({ release_ids: [3, 4] }, releases)).toEqual([3, 4]);
    expect(linkedIds({ releases_ids: [] }, releases)).toEqual([]);
    const bySlug = { release_ids: ['early-bird'], releases: [{ id: 7, slug: 'early-bird' }] };
    expect(linkedIds(bySlug, releases)).toEqual([7]);
    expect(linkedIds({ release_ids: ['early-bird'] }, releases)).toBeUndefined();
    expect(linkedIds({ title: 'Gala' }, releases)).toBeUndefined();
  });

  it('leaves links the record does not show out of the form, so an edit never sends them', () => {
    const initial = initialValues(FIELDS, { title: 'Gala', capacity: 20 });
    expect('release_ids' in initial).toBe(false);
    expect(toAttributes(FIELDS, { ...initial, title: 'Ball' }, initial)).toEqual({ title: 'Ball' });
    expect(initialValues(FIELDS, null).release_ids).toEqual([]);
  });

  it('shows a list in a textarea one item per line, and sends the newline-separated text back', () => {
    const options: FieldDef[] = [{ name: 'options', label: 'Options (one per line)', kind: 'textarea' }];
    const initial = initialValues(options, { options: ['Small', 'Medium', 'Large'] });
    expect(initial.options).toBe('Small\nMedium\nLarge');
    expect(toAttributes(options, { ...initial }, initial)).toEqual({});
    expect(toAttributes(options, { options: `${initial.options}\nXL\n` }, initial)).toEqual({
      options: 'Small\nMedium\nLarge\nXL',
    });
    expect(initialValues(options, { options: 'A\nB' }).options).toBe('A\nB');
  });
});
