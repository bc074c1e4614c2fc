import { describe, expect, it } from 'vitest';
import { searchNote } from '../../../src/ui/door/search-note';

describe('what the search screen says instead of results', () => {
  it('asks for two letters, then says the list is opening while it loads, never "no match"', () => {
    expect(searchNote(' a ', 0, true, true)).toBe('searchHint');
    expect(searchNote('an', 0, true, true)).toBe('scanListLoading');
    expect(searchNote('an', 0, false, true)).toBe('searchEmpty');
    expect(searchNote('an', 3, false, true)).toBeNull();
  });

  it('says it is searching, never "no match", until the answer to what was typed is in', () => {
    expect(searchNote('an', 0, false, false)).toBe('searchPending');
    // The answer to the query before stays on screen meanwhile: it is still true of its words.
    expect(searchNote('ann', 4, false, false)).toBeNull();
    expect(searchNote('ann', 0, false, true)).toBe('searchEmpty');
  });
});
