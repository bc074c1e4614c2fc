// The fleet over real HTTP, for the process tests of both hosts: a door's and an organiser's
// requests, a report, a batch of check-ins, and the environment that lets a test restart a
// server with its clock moved on (./shifted-clock.mjs).
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DoorReport } from '../../src/fleet/fleet-protocol';
import { doorReport } from './fleet-factories';

// biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely.
export type Json = any;

export interface Answer {
  status: number;
  text: string;
  body: Json;
  headers: Headers;
}

export async function call(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, text, body, headers: response.headers };
}

/** What a door sends and reads. */
export function door(origin: () => string) {
  const auth = (credential: string) => ({ authorization: `Device ${credential}` });
  return {
    join: (code: string, name = 'North door') =>
      call(origin(), '/__service/doors/join', { method: 'POST', body: { code, name, app_version: '1.4.0' } }),
    report: (credential: string, report: Partial<DoorReport> = {}) =>
      call(origin(), '/__service/doors/report', {
        method: 'POST',
        headers: auth(credential),
        body: { ...doorReport(), at: new Date().toISOString(), ...report },
      }),
    forgotten: (credential: string) =>
      call(origin(), '/__service/doors/forgotten', { method: 'POST', headers: auth(credential) }),
    read: (credential: string, path = '') => call(origin(), `/checkin/checkin_lists/${credential}${path}`),
    checkins: (credential: string, body: unknown) =>
      call(origin(), `/checkin/checkin_lists/${credential}/checkins`, { method: 'POST', body }),
  };
}

/** What an organiser does for one event. */
export function organiser(origin: () => string, headers: () => Record<string, string>, event: string) {
  const base = `/__service/fleet/${event}`;
  return {
    view: () => call(origin(), base, { headers: headers() }),
    createCode: (checkin_list: string, max_devices = 2, valid_minutes = 60) =>
      call(origin(), `${base}/join_codes`, {
        method: 'POST',
        headers: headers(),
        body: { checkin_list, valid_minutes, max_devices, label: 'North' },
      }),
    revokeCode: (id: string) =>
      call(origin(), `${base}/join_codes/${id}`, { method: 'DELETE', headers: headers() }),
    revokeDevice: (id: string) =>
      call(origin(), `${base}/devices/${id}/revocation`, { method: 'POST', headers: headers() }),
    identify: (id: string) =>
      call(origin(), `${base}/devices/${id}/identification`, { method: 'POST', headers: headers() }),
  };
}

/** A batch of check-ins of these tickets, with uuids the door made. */
export function batchOf(ticketIds: number[], tag: string) {
  return {
    batch: {
      checkins: ticketIds.map((ticket_id, i) => ({
        ticket_id,
        uuid: `${tag}-${String(i).padStart(8, '0')}`,
      })),
    },
  };
}

/** Environment that loads the shifted clock from `root/clock-shift`; `shiftClock` writes it. */
export function shiftableClock(root: string) {
  const file = join(root, 'clock-shift');
  writeFileSync(file, '0');
  const preload = join(dirname(fileURLToPath(import.meta.url)), 'shifted-clock.mjs');
  return {
    env: {
      SHIFTED_CLOCK_FILE: file,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
    },
    /** Takes effect at the server's next start. */
    shiftClock: (ms: number) => writeFileSync(file, String(ms)),
  };
}
