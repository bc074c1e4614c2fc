// The simulation's cursor fix for fake-indexeddb (cursor-seek.ts): every cursor-driven query
// still returns exactly what a straightforward reading of the rows says.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { seekingCursors } from './cursor-seek';

seekingCursors();

interface Row {
  list: string;
  key: string;
  uuid: string | null;
  group: number;
}

describe('fake-indexeddb cursors that seek', () => {
  it('give the same rows for anyOf, ranges with open ends, reverse walks and duplicate index keys', async () => {
    const db = new Dexie(`seek-${Math.random()}`);
    db.version(1).stores({ rows: '[list+key], [list+uuid], group' });
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => ({
      list: i % 3 === 0 ? 'a' : 'b',
      key: `k${String((i * 7919) % 3000).padStart(5, '0')}`,
      uuid: i % 10 === 0 ? null : `u${String((i * 104_729) % 3001).padStart(5, '0')}`,
      group: i % 17,
    }));
    const table = db.table<Row>('rows');
    await table.bulkPut(rows);
    const byKey = (a: Row, b: Row) => (a.list + a.key < b.list + b.key ? -1 : 1);

    const wanted = rows.filter((r) => r.uuid !== null && r.list === 'b').filter((_, i) => i % 5 === 0);
    const found = await table
      .where('[list+uuid]')
      .anyOf(wanted.map((r) => [r.list, r.uuid!]))
      .toArray();
    expect(found.sort(byKey)).toEqual([...wanted].sort(byKey));

    const walked: Row[] = [];
    await table
      .where('[list+key]')
      .between(['b', 'k00100'], ['b', 'k02000'], false, false)
      .each((r) => void walked.push(r));
    expect(walked).toEqual(
      rows.filter((r) => r.list === 'b' && r.key > 'k00100' && r.key < 'k02000').sort(byKey),
    );

    const backwards = await table.where('group').between(3, 9, true, false).reverse().primaryKeys();
    const expected = rows
      .filter((r) => r.group >= 3 && r.group < 9)
      .sort((x, y) => y.group - x.group || (x.list + x.key < y.list + y.key ? 1 : -1))
      .map((r) => [r.list, r.key]);
    expect(backwards).toEqual(expected);

    const filtered = await table
      .where('group')
      .equals(5)
      .filter((r) => r.list === 'a')
      .toArray();
    expect(filtered.sort(byKey)).toEqual(rows.filter((r) => r.group === 5 && r.list === 'a').sort(byKey));

    const unique = await table.orderBy('group').uniqueKeys();
    expect(unique).toEqual(Array.from({ length: 17 }, (_, i) => i));
    db.close();
  });
});
