import { describe, expect, it } from 'vitest';
import { tn } from '../../../src/ui/i18n/t';

describe('counted messages', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(tn('statusConflicts', 1)).toBe('1 double admission');
    expect(tn('statusConflicts', 2)).toBe('2 double admissions');
    expect(tn('statusConflicts', 0)).toBe('0 double admissions');
    expect(tn('statusParked', 1)).toBe('1 needs attention');
  });

  it('keeps the other placeholders and uses the plain key when there is no singular form', () => {
    expect(tn('orgPageOf', 1, { page: 1, pages: 1 })).toBe('Page 1 of 1 · 1 record');
    expect(tn('statusPending', 1)).toBe('1 waiting to send');
  });
});
