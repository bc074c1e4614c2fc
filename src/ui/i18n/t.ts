import { en, type MessageKey } from './en';

/** A message of the catalogue, with `{name}` placeholders filled in. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  const text: string = en[key];
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const plurals = new Intl.PluralRules('en');

/**
 * A message about `n` things, as `{n}`: the key's `_one` form when the language calls `n`
 * singular ("1 double admission"), the key itself otherwise.
 */
export function tn(key: MessageKey, n: number, values?: Record<string, string | number>): string {
  const one = `${key}_one`;
  const chosen = plurals.select(n) === 'one' && one in en ? (one as MessageKey) : key;
  return t(chosen, { ...values, n });
}
