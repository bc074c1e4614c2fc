// Ticket pages are written as bytes a piece at a time: they must be exactly the bytes of
// JSON.stringify of the whole page, whatever the page's size and whatever its characters.
import { describe, expect, it } from 'vitest';
import { jsonArrayBytes } from '../../../src/mock-api/checkin/json-array';

const decoder = new TextDecoder();

describe('a JSON array written in pieces', () => {
  it('is byte for byte JSON.stringify of the mapped items, empty, small and many pieces long', () => {
    const names = ['Zoë', 'Łukasz', '李雷', 'O"Brien\\', 'emoji 🎟️', 'tab\tnew\nline', '\u2028'];
    for (const count of [0, 1, 7, 1000, 5000]) {
      const items = Array.from({ length: count }, (_, i) => ({
        id: i,
        name: `${names[i % names.length]} ${i}`,
      }));
      const toJson = (item: (typeof items)[number]) => ({ ...item, tags: [], void: item.id % 3 === 0 });
      const expected = new TextEncoder().encode(JSON.stringify(items.map(toJson)));
      const bytes = jsonArrayBytes(items, toJson);
      expect(bytes).toEqual(expected);
      expect(JSON.parse(decoder.decode(bytes))).toEqual(items.map(toJson));
    }
  });

  it('writes an item with no JSON form as null, as JSON.stringify does', () => {
    expect(decoder.decode(jsonArrayBytes([1, 2, 3], (n) => (n === 2 ? undefined : n)))).toBe('[1,null,3]');
  });
});
