import { describe, expect, it } from 'vitest';
import { lastSearchWords, rememberSearchWords } from '../../../src/ui/door/search-words';

describe('the words a door last searched for', () => {
  it('are offered again for the list they were typed for, and for no other', () => {
    expect(lastSearchWords('list-a')).toBe('');
    rememberSearchWords('list-a', 'Yara Eriksson');
    expect(lastSearchWords('list-a')).toBe('Yara Eriksson');
    expect(lastSearchWords('list-b')).toBe('');
    expect(lastSearchWords(null)).toBe('');
    rememberSearchWords('list-b', 'yara@example.org');
    expect(lastSearchWords('list-a')).toBe('');
    expect(lastSearchWords('list-b')).toBe('yara@example.org');
  });

  it('are forgotten when no list is open', () => {
    rememberSearchWords('list-a', 'Yara');
    rememberSearchWords(null, 'Yara');
    expect(lastSearchWords('list-a')).toBe('');
  });
});
