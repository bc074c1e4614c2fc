import { describe, expect, it } from 'vitest';
import { downloadTimeLeft } from '../../../src/ui/door/download-estimate';

const start = { at: 0, done: 0, total: 100 };

describe('download time left', () => {
  it('estimates from the pace once a few pages took a couple of seconds', () => {
    expect(downloadTimeLeft(start, { at: 5000, done: 10, total: 100 })).toBe(45_000);
  });

  it('says nothing before the pace is known', () => {
    expect(downloadTimeLeft(start, { at: 5000, done: 2, total: 100 })).toBeNull();
    expect(downloadTimeLeft(start, { at: 500, done: 10, total: 100 })).toBeNull();
  });

  it('says nothing while the page total is still changing', () => {
    expect(downloadTimeLeft(start, { at: 5000, done: 10, total: 120 })).toBeNull();
  });

  it('never says zero: nothing when under a second is left or the pages are all in', () => {
    expect(downloadTimeLeft(start, { at: 3000, done: 99, total: 100 })).toBeNull();
    expect(downloadTimeLeft(start, { at: 3000, done: 100, total: 100 })).toBeNull();
  });
});
