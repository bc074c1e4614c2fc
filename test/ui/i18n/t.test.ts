import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../src/domain/locales';
import { activateLocale, i18n } from '../../../src/ui/i18n/i18n';
import { t, tn } from '../../../src/ui/i18n/t';

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

describe('compiled catalogues', () => {
  // As in the production build, where Lingui has no compiler at run time: outside production it
  // compiles a string message quietly, so only this way does the test see what a phone would.
  // biome-ignore lint/suspicious/noExplicitAny: the compiler the build leaves out.
  const compiler = (i18n as any)._messageCompiler;
  beforeAll(() => {
    i18n.setMessagesCompiler(undefined as never);
  });
  afterAll(async () => {
    i18n.setMessagesCompiler(compiler);
    await activateLocale('en');
  });

  it.each(LOCALES)('give plain and counted messages in %s without a console warning', async (locale) => {
    await activateLocale(locale);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(t('back')).not.toBe('back');
      expect(t('csvTime')).not.toBe('csvTime');
      expect(tn('statusConflicts', 5)).toMatch(/5|٥/);
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('messages kept as formatted', () => {
  afterAll(async () => {
    await activateLocale('en');
  });

  it('gives what Lingui formats, for each count and value, in the language active now', async () => {
    await activateLocale('en');
    expect(tn('statusConflicts', 3)).toBe(i18n._('statusConflicts', { n: 3 }));
    expect(tn('statusConflicts', 3)).toBe('3 double admissions');
    expect(tn('statusConflicts', 1)).toBe('1 double admission');
    expect(t('orderBuyer', { name: 'Ada' })).toBe('Bought by Ada');
    await activateLocale('de');
    expect(tn('statusConflicts', 3)).toBe('3 Doppeleinlässe');
    expect(t('orderBuyer', { name: 'Ada' })).toBe('Gekauft von Ada');
    await activateLocale('en');
    expect(t('orderBuyer', { name: 'Ada' })).toBe('Bought by Ada');
  });

  it('tells a number from its text, and no value can pass for two', () => {
    expect(tn('orgPageOf', 1, { page: 2, pages: 3 })).toBe('Page 2 of 3 · 1 record');
    expect(tn('orgPageOf', 1, { page: '2 pages n1 3', pages: 3 })).toBe('Page 2 pages n1 3 of 3 · 1 record');
    expect(tn('orgPageOf', 1, { page: 2, pages: 3 })).toBe('Page 2 of 3 · 1 record');
    expect(t('orderBuyer', { name: 'A name s1 B' })).toBe('Bought by A name s1 B');
    expect(t('orderBuyer', { name: 'A' })).toBe('Bought by A');
  });

  it('formats a message once while the language stays', () => {
    const formatting = vi.spyOn(i18n, '_');
    try {
      const first = t('orderBuyer', { name: 'Grace' });
      expect(t('orderBuyer', { name: 'Grace' })).toBe(first);
      expect(formatting).toHaveBeenCalledTimes(1);
    } finally {
      formatting.mockRestore();
    }
  });
});
