import { describe, expect, it } from 'vitest';
import { searchNote } from '../../../src/ui/door/search-note';

describe('what the search screen says instead of results', () => {
  it('asks for two letters, then says the list is opening while it loads, never "no match"', () => {
    expect(searchNote(' a ', 0, true)).toBe('searchHint');
    expect(searchNote('an', 0, true)).toBe('scanListLoading');
    expect(searchNote('an', 0, false)).toBe('searchEmpty');
    expect(searchNote('an', 3, false)).toBeNull();
  });
});
