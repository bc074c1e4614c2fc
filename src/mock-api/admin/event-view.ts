// An event as the Admin API shows it. 3.0 lists use the short record; 3.0 single records and
// every 3.1 record carry the settings too. Counts are of live data: they describe the event,
// not the caller's mode.
import { EVENT_SETTING_DEFAULTS, EVENT_TRANSLATED, eventSetting } from '../model/event-settings';
import type { Event } from '../model/event';
import { eventDates } from './event-dates';
import { type Presenter, inFull, linkedIdArrays, shows, translationsOf } from './presenter';
import { releaseRecord } from './release-view';
import { PUBLIC_ORIGIN, at } from './scope';

export const EVENT_EXPANDABLE = [
  'credit_card_payment_options',
  'currency_options',
  'paypal_payment_options',
  'releases',
  'release_ids',
  'release_slugs',
] as const;

export const CURRENCIES: Record<string, string> = {
  AUD: 'Australian Dollar (A$)',
  CAD: 'Canadian Dollar (C$)',
  EUR: 'Euro (€)',
  GBP: 'British Pound (£)',
  JPY: 'Japanese Yen (¥)',
  USD: 'United States Dollar (US$)',
  NZD: 'New Zealand Dollar (NZ$)',
  CHF: 'Swiss Franc (CHF)',
};

function currencyOptions(): { name: string; code: string }[] {
  return Object.entries(CURRENCIES).map(([code, name]) => ({ name: `${code} - ${name}`, code }));
}

function liveFigures(p: Presenter, event: Event) {
  const { store } = p.ctx;
  const registrations = store
    .findBy('registrations', 'byEvent', event.id)
    .filter((r) => !r.test_mode && r.state !== 'cancelled');
  const tickets = store
    .findBy('tickets', 'byEvent', event.id)
    .filter((t) => !t.test_mode && t.state !== 'void');
  const income = registrations.filter((r) => r.receipt_paid).reduce((sum, r) => sum + Number(r.total), 0);
  return { registrations: registrations.length, tickets: tickets.length, income };
}

function shortRecord(p: Presenter, event: Event): Record<string, unknown> {
  const { store } = p.ctx;
  const dates = eventDates(event, p.now);
  return {
    discount_codes_count: store.findBy('discount_codes', 'byEvent', event.id).length,
    _type: 'event',
    ...(p.extended ? { view: 'extended' } : {}),
    id: event.id,
    created_at: at(p, event.created_at),
    updated_at: at(p, event.updated_at),
    title: event.title,
    description: event.description,
    banner: { url: null, thumb: { url: null } },
    banner_url: `/uploads/event/banner/${event.id}/`,
    currency: event.currency,
    default_locale: event.default_locale,
    from_email: `"${event.title}" <support@ti.to>`,
    reply_to_email: event.email_address,
    archived: event.archived,
    live: event.live,
    test_mode: event.test_mode,
    locales: event.locales,
    location: event.location,
    logo: eventSetting(event, 'logo'),
    private: event.private,
    slug: event.slug,
    account_id: event.account_id,
    start_date: event.start_date,
    end_date: event.end_date,
    start_time: event.start_time,
    end_time: event.end_time,
    start_at: dates.start_at,
    end_at: dates.end_at,
    timezone: event.timezone,
    date_or_range: dates.date_or_range,
    days_until: dates.days_until,
    days_since: dates.days_since,
    happening_in: dates.happening_in,
    day_number: dates.day_number,
    security_token: event.security_token,
    metadata: event.metadata ?? null,
    url: `${PUBLIC_ORIGIN}/${p.account.slug}/${event.slug}`,
    setup: true,
    show_discount_code_field: false,
    anonymisation_state: 'not_requested',
    deletion_state: 'not_requested',
    releases_count: store.findBy('releases', 'byEvent', event.id).length,
    account_slug: p.account.slug,
    consent: { required: eventSetting(event, 'consent_required') === true },
  };
}

export function eventRecord(p: Presenter, event: Event): Record<string, unknown> {
  const record = shortRecord(p, event);
  if (p.version === '3.0' && !p.extended) return record;
  const figures = liveFigures(p, event);
  const settings = Object.fromEntries(
    Object.keys(EVENT_SETTING_DEFAULTS).map((key) => [key, eventSetting(event, key)]),
  );
  const invoices = Number(eventSetting(event, 'last_invoice') ?? 0);
  Object.assign(
    record,
    translationsOf(
      p,
      { ...settings, ...event } as Record<string, unknown>,
      event.translations,
      EVENT_TRANSLATED,
    ),
    {
      chosen_homepage: 'dashboard',
      admin_control_token: event.security_token
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')
        .slice(0, 16),
      registrations_count: figures.registrations,
      tickets_count: figures.tickets,
      any_live_sales: figures.income > 0,
      any_live_tickets: figures.tickets > 0,
      email_address: event.email_address,
      email_image: eventSetting(event, 'email_image'),
      shareable_image: eventSetting(event, 'shareable_image'),
      gross_income: figures.income,
      net_income: figures.income,
      homepage_url: '',
      invoice_payment_due_at: null,
      last_invoice_number: String(invoices).padStart(7, '0'),
      next_invoice_number: String(invoices + 1).padStart(7, '0'),
      paypal_express_blocked: false,
      paypal_platform_blocked: null,
      quantity: eventSetting(event, 'quantity'),
      store_customer: null,
      stripe: null,
      ticket_gifting_disabled_at: null,
      ticket_gifting_disabled_now: eventSetting(event, 'ticket_gifting_disabled') === true,
      ...settings,
      users_count: 1,
    },
  );
  const releases = p.ctx.store.findBy('releases', 'byEvent', event.id);
  if (p.version === '3.0') {
    Object.assign(record, {
      cors_domains: [],
      currency_options: currencyOptions(),
      custom_domain: null,
      ticket_groups: [],
      credit_card_payment_options: [],
      paypal_payment_options: [],
      // 3.0 embeds its releases in full, whatever `view` the event was asked in.
      releases: releases.map((r) => releaseRecord(inFull(p), r, { nested: true })),
    });
    return record;
  }
  if (shows(p, 'currency_options')) record.currency_options = currencyOptions();
  if (shows(p, 'credit_card_payment_options')) record.credit_card_payment_options = [];
  if (shows(p, 'paypal_payment_options')) record.paypal_payment_options = [];
  if (shows(p, 'releases')) record.releases = releases.map((r) => releaseRecord(p, r, { nested: true }));
  Object.assign(record, linkedIdArrays(p, 'releases', 'release', releases));
  return record;
}
