// Admin API: discount codes (document 1). `past` codes are hidden unless asked for.
import type { AdminApp, ServiceContext } from '../context';
import { type SortOptions, stateFilterOptions } from '../http/list-meta';
import { Attributes } from '../http/validation';
import {
  DISCOUNT_CODE_TYPES,
  type DiscountCode,
  SHOW_PUBLIC_RELEASES,
  SHOW_SECRET_RELEASES,
  discountCodeState,
  newDiscountCode,
} from '../model/discount-code';
import { byId, registerCrud } from './crud';
import { DISCOUNT_CODE_EXPANDABLE, discountCodeRecord, discountUsage } from './discount-code-view';
import { type Presenter, RELEASE_LINKS, linkedIds } from './presenter';
import { type StateFilter, filterByStates, sortBy, stateOptions } from './search';

const SORT: SortOptions = {
  'Code A-Z': { attr: 'code', direction: 'asc' },
  'Code Z-A': { attr: 'code', direction: 'desc', default: true },
};

function stateFilter(p: Presenter): StateFilter<DiscountCode> {
  return {
    options: stateOptions([
      ['current', 'Current'],
      ['past', 'Past'],
      ['upcoming', 'Upcoming'],
      ['used', 'Used'],
      ['unused', 'Unused'],
    ]),
    groups: [
      ['current', 'past', 'upcoming'],
      ['used', 'unused'],
    ],
    hiddenByDefault: ['past'],
    statesOf: (code) => [
      discountCodeState(code, p.now),
      discountUsage(p, code).tickets > 0 ? 'used' : 'unused',
    ],
  };
}

type CodePatch = Partial<Omit<DiscountCode, 'id' | 'event_id' | 'created_at'>>;

function readCode(p: Presenter, raw: Record<string, unknown>, current: DiscountCode | null): CodePatch {
  const attrs = new Attributes(raw);
  const { store } = p.ctx;
  const patch: CodePatch = {};
  const code = attrs.string('code');
  if (!current || code !== undefined) attrs.required('code', code);
  if (code) {
    const holder = store.findOne(
      'discount_codes',
      'byEventCode',
      `${p.event.id}:${code.trim().toLowerCase()}`,
    );
    attrs.unique('code', holder !== undefined && holder.id !== current?.id);
    patch.code = code.trim();
  }
  const type = attrs.string('type');
  if (!current || type !== undefined) attrs.required('type', type);
  const known = attrs.inclusion('type', type || null, DISCOUNT_CODE_TYPES);
  if (known) patch.type = known;
  const value = attrs.value('value');
  if (!current || value !== undefined) attrs.required('value', value === '' ? null : value);
  const number = attrs.decimal('value');
  if (number !== undefined && number !== null) {
    if (Number(number) < 0) attrs.errors.add('value', 'must be greater than or equal to 0');
    else patch.value = String(Number(attrs.value('value')));
  }
  for (const name of ['description', 'description_for_organizer'] as const) {
    const text = attrs.string(name);
    if (text !== undefined) patch[name] = text || null;
  }
  for (const name of ['start_at', 'end_at'] as const) {
    const time = attrs.datetime(name);
    if (time !== undefined) patch[name] = time;
  }
  for (const name of ['quantity', 'min_quantity_per_release', 'max_quantity_per_release'] as const) {
    const count = attrs.integer(name);
    if (count !== undefined) patch[name] = count;
  }
  for (const name of ['block_registrations_if_not_applicable', 'disable_for_degressive'] as const) {
    const flag = attrs.boolean(name);
    if (flag !== undefined) patch[name] = flag ?? false;
  }
  // 3.0 spells the release visibility as two booleans; 3.1 as two choices. Both are accepted.
  const onlyAttached = attrs.boolean('only_show_attached');
  if (onlyAttached !== undefined) patch.show_public_releases = onlyAttached ? 'only_attached' : 'all';
  const reveal = attrs.boolean('reveal_secret');
  if (reveal !== undefined) patch.show_secret_releases = reveal ? 'if_discount_code_available' : 'none';
  const shown = attrs.inclusion(
    'show_public_releases',
    attrs.string('show_public_releases'),
    SHOW_PUBLIC_RELEASES,
  );
  if (shown) patch.show_public_releases = shown;
  const secret = attrs.inclusion(
    'show_secret_releases',
    attrs.string('show_secret_releases'),
    SHOW_SECRET_RELEASES,
  );
  if (secret) patch.show_secret_releases = secret;
  const releases = linkedIds(attrs, RELEASE_LINKS, store.findBy('releases', 'byEvent', p.event.id));
  if (releases) patch.release_ids = releases;
  attrs.errors.throwIfAny();
  return patch;
}

export function registerDiscountCodes(app: AdminApp, ctx: ServiceContext): void {
  registerCrud(app, ctx, {
    table: 'discount_codes',
    singular: 'discount_code',
    param: 'discount_code_id',
    find: byId('discount_codes'),
    read: readCode,
    create: (p, patch, now) => ({ ...newDiscountCode(p.event.id, now), ...patch }),
    view: discountCodeRecord,
    expandable: DISCOUNT_CODE_EXPANDABLE,
    list: (p, all) => {
      const filter = stateFilter(p);
      const { records, selected, hiddenByDefault } = filterByStates(all, p.url, filter);
      sortBy(records, p.url, SORT, (d) => d.code.toLowerCase());
      return {
        rows: records,
        sortOptions: SORT,
        filterOptions: stateFilterOptions(filter.options, selected),
        hiddenByDefault: { states: [...filter.hiddenByDefault], count: hiddenByDefault },
      };
    },
  });
}
