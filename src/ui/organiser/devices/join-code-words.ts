// A join code as people handle it: its validity picked from a few lengths or typed, checked
// against the protocol's limits before it is sent, and the code written in groups a person can
// read out or type without losing their place. No React.
import { JOIN_CODE_LIMITS, type JoinCodeView, type NewJoinCode } from '../../../fleet/fleet-protocol';
import { type MessageKey, t } from '../../i18n/t';

/** Validity choices: a shift, a long day, a weekend; anything else typed. */
export const VALIDITY_CHOICES = [
  { id: '2h', minutes: 120, words: 'codeValid2h' },
  { id: '12h', minutes: 720, words: 'codeValid12h' },
  { id: '2d', minutes: 2880, words: 'codeValid2d' },
] as const satisfies readonly { id: string; minutes: number; words: MessageKey }[];

export type ValidityId = (typeof VALIDITY_CHOICES)[number]['id'] | 'custom';
export type CustomUnit = 'minutes' | 'hours' | 'days';

const UNIT_MINUTES: Record<CustomUnit, number> = { minutes: 1, hours: 60, days: 1440 };

export interface JoinCodeDraft {
  checkinList: string;
  codeLabel: string;
  validity: ValidityId;
  customAmount: string;
  customUnit: CustomUnit;
  maxDevices: string;
}

export type DraftProblem = 'list' | 'validity' | 'devices' | 'label';

/** The request a draft makes, or what is wrong with it (each problem once, in form order). */
export function joinCodeRequest(
  draft: JoinCodeDraft,
): { ok: true; value: NewJoinCode } | { ok: false; problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  if (!draft.checkinList) problems.push('list');
  const minutes =
    draft.validity === 'custom'
      ? Math.round(Number(draft.customAmount.replace(',', '.')) * UNIT_MINUTES[draft.customUnit])
      : VALIDITY_CHOICES.find((c) => c.id === draft.validity)!.minutes;
  if (
    draft.validity === 'custom' &&
    (draft.customAmount.trim() === '' ||
      !Number.isFinite(minutes) ||
      minutes < JOIN_CODE_LIMITS.minMinutes ||
      minutes > JOIN_CODE_LIMITS.maxMinutes)
  )
    problems.push('validity');
  const devices = Number(draft.maxDevices);
  if (
    draft.maxDevices.trim() === '' ||
    !Number.isInteger(devices) ||
    devices < JOIN_CODE_LIMITS.minDevices ||
    devices > JOIN_CODE_LIMITS.maxDevices
  )
    problems.push('devices');
  const label = draft.codeLabel.trim();
  if (label.length > JOIN_CODE_LIMITS.labelChars) problems.push('label');
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      checkin_list: draft.checkinList,
      valid_minutes: minutes,
      max_devices: devices,
      ...(label ? { label } : {}),
    },
  };
}

export function problemWords(problem: DraftProblem): string {
  switch (problem) {
    case 'list':
      return t('codeProblemList');
    case 'validity':
      return t('codeProblemValidity', { min: JOIN_CODE_LIMITS.minMinutes, days: 14 });
    case 'devices':
      return t('codeProblemDevices', { min: JOIN_CODE_LIMITS.minDevices, max: JOIN_CODE_LIMITS.maxDevices });
    case 'label':
      return t('codeProblemLabel', { max: JOIN_CODE_LIMITS.labelChars });
  }
}

/**
 * "K7MX-9PQ2-RT4W-ABCD": groups of four, so it can be read out and typed in pieces. The server
 * sends it grouped already; a code sent plain is grouped here the same way.
 */
export function groupedCode(code: string): string {
  return (code.replace(/[\s-]+/g, '').match(/.{1,4}/g) ?? []).join('-');
}

export function codeStateWords(state: JoinCodeView['state']): string {
  switch (state) {
    case 'live':
      return t('codeStateLive');
    case 'expired':
      return t('codeStateExpired');
    case 'used-up':
      return t('codeStateUsedUp');
    case 'revoked':
      return t('codeStateRevoked');
  }
}

/** Codes still joining doors first (soonest to expire first), then the others, newest first. */
export function sortCodes<C extends Pick<JoinCodeView, 'state' | 'expires_at' | 'created_at'>>(
  codes: readonly C[],
): C[] {
  return [...codes].sort((a, b) => {
    const liveA = a.state === 'live' ? 0 : 1;
    const liveB = b.state === 'live' ? 0 : 1;
    if (liveA !== liveB) return liveA - liveB;
    return liveA === 0
      ? Date.parse(a.expires_at) - Date.parse(b.expires_at)
      : Date.parse(b.created_at) - Date.parse(a.created_at);
  });
}
