// Slugs and references. Random slugs (from the cryptographic generator: they are credentials) carry the resource's prefix (`chk_`, `reg_`, `reg_test_`,
// `ti_`, `rsvp_list_`, `rsvp_`) and 23 base-62 characters like the real ones; title-derived
// slugs are the title made URL-safe, with `-2`, `-3`, ... when taken.
import { BASE62, secretString } from '../../platform/secrets';

export const SLUG_PREFIX = {
  checkinList: 'chk_',
  registration: 'reg_',
  testRegistration: 'reg_test_',
  ticket: 'ti_',
  rsvpList: 'rsvp_list_',
  releaseInvitation: 'rsvp_',
} as const;

export function randomSlug(prefix: string, taken: (slug: string) => boolean = () => false): string {
  for (;;) {
    const slug = secretString(22, BASE62, `${prefix}p`);
    if (!taken(slug)) return slug;
  }
}

export function parameterize(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'untitled';
}

/**
 * A title's slug, unique by `taken`. Never digits alone: records are found by slug or id
 * (../admin/crud `bySlugOrId`), and a release titled "5" with the slug `5` would be what
 * `/releases/5` names while another release has the id 5.
 */
export function uniqueTitleSlug(title: string, taken: (slug: string) => boolean): string {
  const base = parameterize(title).slice(0, 80);
  if (!taken(base) && !/^[0-9]+$/.test(base)) return base;
  for (let n = 2; ; n++) {
    const slug = `${base}-${n}`;
    if (!taken(slug)) return slug;
  }
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A registration reference: 4 characters, unique within the event. */
export function uniqueReference(taken: (reference: string) => boolean): string {
  for (let length = 4; ; length++) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const reference = secretString(length, REFERENCE_ALPHABET);
      if (!taken(reference)) return reference;
    }
  }
}
