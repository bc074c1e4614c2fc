import { describe, expect, it } from 'vitest';
import { handOverSearchWords, lastSearchWords, rememberSearchWords } from '../../../src/ui/door/search-words';

describe('the words a door last searched for', () => {
  it('are offered again for the list they were typed for, and for no other', () => {
    const none = { words: '', handedOver: false };
    expect(lastSearchWords('list-a')).toEqual(none);
    rememberSearchWords('list-a', 'Yara Eriksson');
    expect(lastSearchWords('list-a')).toEqual({ words: 'Yara Eriksson', handedOver: false });
    expect(lastSearchWords('list-b')).toEqual(none);
    expect(lastSearchWords(null)).toEqual(none);
    handOverSearchWords('list-b', 'yara@example.org');
    expect(lastSearchWords('list-a')).toEqual(none);
    expect(lastSearchWords('list-b')).toEqual({ words: 'yara@example.org', handedOver: true });
  });

  it('are forgotten when no list is open', () => {
    rememberSearchWords('list-a', 'Yara');
    handOverSearchWords(null, 'Yara');
    expect(lastSearchWords('list-a')).toEqual({ words: '', handedOver: false });
  });
});
