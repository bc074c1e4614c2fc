import type { FieldDef } from './resources';

const TIME_ZONES = [
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const CURRENCIES = ['EUR', 'GBP', 'USD', 'CAD', 'AUD', 'JPY', 'CHF', 'SEK', 'NOK', 'DKK'];

export const EVENT_FIELDS: FieldDef[] = [
  { name: 'title', label: 'Title', kind: 'text', required: true },
  { name: 'email_address', label: 'Contact email address', kind: 'email', required: true },
  { name: 'start_date', label: 'Start date', kind: 'date' },
  { name: 'start_time', label: 'Start time', kind: 'time' },
  { name: 'end_date', label: 'End date', kind: 'date' },
  { name: 'end_time', label: 'End time', kind: 'time' },
  { name: 'timezone', label: 'Time zone', kind: 'suggest', options: TIME_ZONES },
  { name: 'currency', label: 'Currency', kind: 'suggest', options: CURRENCIES },
  { name: 'locales', label: 'Locales', kind: 'list', help: 'Comma-separated, such as en, de.' },
  { name: 'default_locale', label: 'Default locale', kind: 'text' },
  { name: 'location', label: 'Location', kind: 'text' },
  { name: 'description', label: 'Description', kind: 'textarea' },
  { name: 'live', label: 'Live (visible to the public)', kind: 'checkbox' },
  { name: 'private', label: 'Private (not on the account page)', kind: 'checkbox' },
  { name: 'test_mode', label: 'Test mode', kind: 'checkbox' },
];
