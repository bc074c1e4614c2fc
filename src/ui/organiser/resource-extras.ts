// Opt-ins, interested people, refunds and RSVP lists (with their release invitations).
import { t } from '../i18n/t';
import type { AdminRecord } from '../../api/admin-client';
import { col, money, personName, wrapping } from './columns';
import { pick, text } from './format';
import { RELEASE_REFS, type ResourceDef } from './resources';

export const OPT_INS: ResourceDef = {
  key: 'opt_ins',
  title: 'Opt-ins',
  singular: 'opt_in',
  plural: 'opt_ins',
  idField: 'slug',
  name: (r) => text(r.name),
  columns: [
    col('Name', 'name'),
    wrapping(col('Description', 'description')),
    col('Accepted', 'acceptance_count'),
  ],
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true },
    { name: 'description', label: 'Description', kind: 'textarea' },
    RELEASE_REFS,
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  empty: 'No opt-ins yet.',
};

export const INTERESTED_USERS: ResourceDef = {
  key: 'interested_users',
  title: 'Interested people',
  singular: 'interested_user',
  plural: 'interested_users',
  idField: 'id',
  name: (r) => text(r.email),
  columns: [col('Email', 'email'), wrapping(col('Name', 'name')), col('Added', 'created_at')],
  fields: [
    { name: 'email', label: 'Email', kind: 'email', required: true },
    { name: 'name', label: 'Name', kind: 'text' },
  ],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  empty: 'Nobody has registered interest yet.',
};

export const REFUNDS: ResourceDef = {
  key: 'refunds',
  title: 'Refunds',
  singular: 'refund',
  plural: 'refunds',
  idField: 'id',
  name: (r) => t('orgRefundName', { amount: text(r.amount) }),
  columns: [
    money('Amount', 'amount'),
    col('Manual', 'manual'),
    {
      label: 'Registration',
      value: (r) => text(pick((r.registration as AdminRecord) ?? {}, 'reference', 'name')),
    },
    col('Created', 'created_at'),
  ],
  fields: [],
  canCreate: false,
  canEdit: false,
  canDelete: false,
  expand: ['registration'],
  listExpand: ['registration'],
  empty: 'No refunds.',
};

export const RSVP_LISTS: ResourceDef = {
  key: 'rsvp_lists',
  title: 'RSVP lists',
  singular: 'rsvp_list',
  plural: 'rsvp_lists',
  idField: 'slug',
  name: (r) => text(r.title),
  columns: [col('Title', 'title'), col('Created', 'created_at')],
  fields: [{ name: 'title', label: 'Title', kind: 'text', required: true }],
  canCreate: true,
  canEdit: true,
  canDelete: true,
  children: {
    title: 'Release invitations',
    path: 'release_invitations',
    plural: 'release_invitations',
    columns: [
      { label: 'Name', value: personName },
      wrapping(col('Email', 'email')),
      wrapping(col('Releases', 'releases')),
      col('Redeemed', 'redeemed'),
      col('Expires', 'expires_at'),
    ],
    empty: 'No invitations on this list.',
  },
  empty: 'No RSVP lists yet.',
};
