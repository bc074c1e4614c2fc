// Reading a `POST /__mock/faults` body into FaultSettings, with 422 on nonsense.
import { invalid } from '../http/errors';
import type { FaultSettings } from './faults';

type Raw = Record<string, unknown>;

/** Above this a latency or a window stops being a test and starts being a hang. */
const MAX_NUMBER = 600_000;
/** A clock off by more than a week is no clock a door meets. */
const MAX_DATE_OFFSET_MS = 7 * 24 * 3600_000;

function object(body: Raw, key: string, errors: Record<string, string[]>): Raw | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Raw;
  errors[key] = ['must be an object'];
  return undefined;
}

function number(
  raw: Raw,
  key: string,
  path: string,
  errors: Record<string, string[]>,
  fallback?: number,
): number {
  const given = raw[key];
  const value =
    given === undefined
      ? fallback
      : typeof given === 'number' || (typeof given === 'string' && given.trim() !== '')
        ? Number(given)
        : Number.NaN;
  if (value === undefined || !Number.isFinite(value) || value < 0 || value > MAX_NUMBER) {
    errors[`${path}.${key}`] = [`must be a number from 0 to ${MAX_NUMBER}`];
    return 0;
  }
  return value;
}

function prefix(raw: Raw): string | undefined {
  return typeof raw.path_prefix === 'string' ? raw.path_prefix : undefined;
}

export function parseFaultSettings(body: Raw): FaultSettings {
  const errors: Record<string, string[]> = {};
  const settings: FaultSettings = {};
  const latency = object(body, 'latency', errors);
  if (latency)
    settings.latency = { ms: number(latency, 'ms', 'latency', errors), path_prefix: prefix(latency) };
  const failing = object(body, 'errors', errors);
  if (failing) {
    const status = number(failing, 'status', 'errors', errors, 500);
    if (!Number.isInteger(status) || status < 400 || status > 599)
      errors['errors.status'] = ['must be a whole number between 400 and 599'];
    settings.errors = {
      rate: Math.min(1, number(failing, 'rate', 'errors', errors, 1)),
      status,
      path_prefix: prefix(failing),
    };
  }
  const limit = object(body, 'rate_limit', errors);
  if (limit) {
    settings.rate_limit = {
      requests: number(limit, 'requests', 'rate_limit', errors),
      window_seconds: Math.max(1, number(limit, 'window_seconds', 'rate_limit', errors, 60)),
      path_prefix: prefix(limit),
    };
  }
  const drop = object(body, 'drop_after_commit', errors);
  if (drop) {
    const methods = Array.isArray(drop.methods)
      ? drop.methods.map((m) => (typeof m === 'string' ? m.toUpperCase() : ''))
      : ['POST', 'PATCH', 'PUT', 'DELETE'];
    if (methods.some((m) => m === '')) errors['drop_after_commit.methods'] = ['must be method names'];
    settings.drop_after_commit = {
      rate: Math.min(1, number(drop, 'rate', 'drop_after_commit', errors, 1)),
      methods,
      path_prefix: prefix(drop),
    };
  }
  const date = object(body, 'date_offset', errors);
  if (date) {
    const ms = typeof date.ms === 'number' ? date.ms : Number.NaN;
    if (!Number.isInteger(ms) || Math.abs(ms) > MAX_DATE_OFFSET_MS)
      errors['date_offset.ms'] = [
        `must be a whole number from -${MAX_DATE_OFFSET_MS} to ${MAX_DATE_OFFSET_MS}`,
      ];
    settings.date_offset = { ms, path_prefix: prefix(date) };
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return settings;
}
