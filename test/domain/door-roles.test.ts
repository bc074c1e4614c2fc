import { describe, expect, it } from 'vitest';
import {
  cleanReason,
  mayDo,
  mayUndo,
  OWN_UNDO_MS,
  roleAt,
  SUPERVISOR_UNLOCK_MS,
  supervisorLeft,
} from '../../src/domain/door-roles';

const NOW = Date.parse('2026-11-23T19:00:00Z');

describe('door roles', () => {
  it('leaves every action open while no supervisor PIN is set', () => {
    const role = roleAt({ supervisorPinSet: false, supervisorUntil: null }, NOW);
    expect(role).toBe('open');
    expect(mayDo(role, 'admit-anyway')).toBe(true);
    expect(mayUndo(role, { key: 'other', createdAt: NOW - 3_600_000, mine: false }, new Set(), NOW)).toBe(
      true,
    );
  });

  it('works as a door once a PIN is set, and as a supervisor until the unlock runs out', () => {
    const until = NOW + SUPERVISOR_UNLOCK_MS;
    const access = { supervisorPinSet: true, supervisorUntil: until };
    expect(roleAt({ ...access, supervisorUntil: null }, NOW)).toBe('door');
    expect(roleAt(access, NOW)).toBe('supervisor');
    expect(supervisorLeft(access, NOW + 60_000)).toBe(SUPERVISOR_UNLOCK_MS - 60_000);
    // It relocks by itself: the same access a moment past the end is a door again.
    expect(roleAt(access, until - 1)).toBe('supervisor');
    expect(roleAt(access, until)).toBe('door');
    expect(supervisorLeft(access, until)).toBe(0);
    for (const action of ['admit-anyway', 'undo-any', 'forget-list', 'settings', 'leave-kiosk'] as const) {
      expect(mayDo('door', action)).toBe(false);
      expect(mayDo('supervisor', action)).toBe(true);
    }
  });

  it('lets door staff undo only their own last admission, for 30 seconds', () => {
    const own = { key: 'local:a', createdAt: NOW, mine: true };
    expect(mayUndo('door', own, new Set(['local:a']), NOW + OWN_UNDO_MS)).toBe(true);
    expect(mayUndo('door', own, new Set(['local:a']), NOW + OWN_UNDO_MS + 1)).toBe(false);
    // An earlier admission of this device, once another has followed it.
    expect(mayUndo('door', own, new Set(['local:b']), NOW + 1000)).toBe(false);
    // Another door's check-in, however recent.
    expect(mayUndo('door', { key: 'uuid-1', createdAt: NOW, mine: false }, new Set(['local:a']), NOW)).toBe(
      false,
    );
    expect(mayUndo('supervisor', { key: 'uuid-1', createdAt: 0, mine: false }, new Set(), NOW)).toBe(true);
  });

  it('counts every ticket of the last "Admit all" as that last admission', () => {
    const batch = new Set(['local:a', 'local:b', 'local:c']);
    for (const key of batch)
      expect(mayUndo('door', { key, createdAt: NOW, mine: true }, batch, NOW)).toBe(true);
    expect(mayUndo('door', { key: 'local:d', createdAt: NOW, mine: true }, batch, NOW)).toBe(false);
  });

  it('keeps a reason to one bounded line', () => {
    expect(cleanReason('  came back\n in  ')).toBe('came back in');
    expect(cleanReason('x'.repeat(500))).toHaveLength(200);
  });
});
