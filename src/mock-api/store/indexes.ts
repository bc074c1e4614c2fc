// Secondary indexes, declared once by the model files and built lazily by each store the first
// time they are used, then kept up to date on every write (and on rollback).
import type { Row, RowOf, TableName } from './tables';

export type IndexKey = string | number;
type KeyOf = (row: Row) => IndexKey | readonly IndexKey[] | null | undefined;

const definitions = new Map<string, Map<string, KeyOf>>();

export function defineIndex<T extends TableName>(
  table: T,
  name: string,
  keyOf: (row: RowOf<T>) => IndexKey | readonly IndexKey[] | null | undefined,
): void {
  let byName = definitions.get(table);
  if (!byName) {
    byName = new Map();
    definitions.set(table, byName);
  }
  byName.set(name, keyOf as KeyOf);
}

export function indexDefinition(table: string, name: string): KeyOf {
  const keyOf = definitions.get(table)?.get(name);
  if (!keyOf) throw new Error(`No index ${name} on table ${table}: declare it with defineIndex`);
  return keyOf;
}

function keysOf(keyOf: KeyOf, row: Row): readonly IndexKey[] {
  const key = keyOf(row);
  if (key === null || key === undefined) return [];
  return Array.isArray(key) ? key : [key as IndexKey];
}

/** One built index: key -> ids. */
export class SecondaryIndex {
  private readonly entries = new Map<IndexKey, Set<number>>();

  constructor(private readonly keyOf: KeyOf) {}

  add(row: Row): void {
    for (const key of keysOf(this.keyOf, row)) {
      let ids = this.entries.get(key);
      if (!ids) {
        ids = new Set();
        this.entries.set(key, ids);
      }
      ids.add(row.id);
    }
  }

  remove(row: Row): void {
    for (const key of keysOf(this.keyOf, row)) {
      const ids = this.entries.get(key);
      ids?.delete(row.id);
      if (ids?.size === 0) this.entries.delete(key);
    }
  }

  ids(key: IndexKey): ReadonlySet<number> | undefined {
    return this.entries.get(key);
  }
}
