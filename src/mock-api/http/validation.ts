// Reading and checking attributes. Each reader returns undefined when the attribute is absent
// (so an update leaves the field alone), null when it was sent empty, or the typed value; a
// wrong type records a message and returns undefined. `errors.throwIfAny()` then answers 422.
import { invalid } from '../../http/errors';

export const BLANK = "can't be blank";
export const TAKEN = 'has already been taken';
export const NOT_INCLUDED = 'is not included in the list';
export const NOT_A_NUMBER = 'is not a number';
export const INVALID = 'is invalid';

export class ValidationErrors {
  readonly errors: Record<string, string[]> = {};

  add(attribute: string, message: string): void {
    const list = this.errors[attribute] ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[attribute] = list;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw invalid(this.errors);
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export class Attributes {
  readonly errors: ValidationErrors;

  constructor(
    private readonly raw: Record<string, unknown>,
    errors?: ValidationErrors,
  ) {
    this.errors = errors ?? new ValidationErrors();
  }

  has(name: string): boolean {
    return Object.hasOwn(this.raw, name);
  }

  /** The attribute as sent, untyped. */
  value(name: string): unknown {
    return this.raw[name];
  }

  string(name: string): string | null | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return value;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    this.errors.add(name, INVALID);
    return undefined;
  }

  integer(name: string): number | null | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return value === '' ? null : value;
    const number = typeof value === 'string' ? Number(value.trim()) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) {
      this.errors.add(name, NOT_A_NUMBER);
      return undefined;
    }
    if (!Number.isSafeInteger(number)) {
      this.errors.add(name, 'must be an integer');
      return undefined;
    }
    return number;
  }

  /** A decimal as a string with two places, the way money is returned. */
  decimal(name: string): string | null | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return value === '' ? null : value;
    const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number) || Math.abs(number) > 1e12) {
      this.errors.add(name, NOT_A_NUMBER);
      return undefined;
    }
    return number.toFixed(2);
  }

  boolean(name: string): boolean | null | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return value === '' ? null : value;
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === '1' || value === 1) return true;
    if (value === 'false' || value === '0' || value === 0) return false;
    this.errors.add(name, INVALID);
    return undefined;
  }

  date(name: string): string | null | undefined {
    return this.matching(name, DATE, (s) => !Number.isNaN(Date.parse(s)));
  }

  time(name: string): string | null | undefined {
    const value = this.matching(name, TIME, () => true);
    return typeof value === 'string' ? value.slice(0, 5) : value;
  }

  /** An ISO 8601 datetime, returned as UTC ISO. */
  datetime(name: string): string | null | undefined {
    const value = this.string(name);
    if (value === undefined || value === null || value === '') return value === '' ? null : value;
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) {
      this.errors.add(name, INVALID);
      return undefined;
    }
    return new Date(ms).toISOString();
  }

  /** A list of ids: an array, a comma-separated string, or form `name[]` values. */
  integerArray(name: string): number[] | undefined {
    const value = this.raw[name];
    if (value === undefined) return undefined;
    if (value === null || value === '') return [];
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
    const out: number[] = [];
    for (const item of items) {
      if (item === '') continue;
      const number = typeof item === 'string' ? Number(item.trim()) : item;
      if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
        this.errors.add(name, INVALID);
        return undefined;
      }
      out.push(number);
    }
    return out;
  }

  stringArray(name: string): string[] | undefined {
    const value = this.raw[name];
    if (value === undefined) return undefined;
    if (value === null || value === '') return [];
    const items = Array.isArray(value) ? value : [value];
    if (!items.every((item) => typeof item === 'string' || typeof item === 'number')) {
      this.errors.add(name, INVALID);
      return undefined;
    }
    return items.map(String);
  }

  /** Records "can't be blank" when the value is missing or empty. */
  required<T>(name: string, value: T | null | undefined): value is T {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (!this.errors.errors[name]) this.errors.add(name, BLANK);
      return false;
    }
    return true;
  }

  /** Records "is not included in the list" unless the value is one of `allowed`. */
  inclusion<T extends string>(
    name: string,
    value: string | null | undefined,
    allowed: readonly T[],
  ): T | undefined {
    if (value === undefined || value === null) return undefined;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    this.errors.add(name, NOT_INCLUDED);
    return undefined;
  }

  unique(name: string, taken: boolean): void {
    if (taken) this.errors.add(name, TAKEN);
  }

  private matching(name: string, pattern: RegExp, valid: (s: string) => boolean): string | null | undefined {
    const value = this.string(name);
    if (value === undefined || value === null || value === '') return value === '' ? null : value;
    if (!pattern.test(value) || !valid(value)) {
      this.errors.add(name, INVALID);
      return undefined;
    }
    return value;
  }
}
