// The open list's states: a load's end moves the machine only while that load is under way.
import { describe, expect, it } from 'vitest';
import type { ListRow } from '../../src/db/rows';
import { createListIndex } from '../../src/sync/index/list-index';
import { createOpenListMachine, type OpeningList } from '../../src/sync/open-list/open-list-phase';

const loadingOf = (slug: string): OpeningList => ({
  list: { slug } as ListRow,
  index: createListIndex(),
  complete: true,
  codes: Promise.resolve(null),
  ready: Promise.resolve(),
});

describe('the open list machine', () => {
  it('goes closed, opening, open, and names the list in each', () => {
    const machine = createOpenListMachine();
    expect(machine.phase().kind).toBe('closed');
    const loading = loadingOf('a');
    machine.open(loading);
    expect(machine.phase().kind).toBe('opening');
    expect(machine.opening()).toBe(loading);
    expect(machine.current()).toBe(loading);
    expect(machine.active()).toBeNull();
    const loaded = { list: loading.list, index: loading.index, complete: true };
    expect(machine.loaded(loading, loaded)).toBe(true);
    expect(machine.phase().kind).toBe('open');
    expect(machine.active()).toBe(loaded);
    expect(machine.opening()).toBeNull();
  });

  it('a load that ends after another list was opened changes nothing', () => {
    const machine = createOpenListMachine();
    const first = loadingOf('a');
    const second = loadingOf('b');
    machine.open(first);
    machine.open(second);
    expect(machine.loaded(first, { list: first.list, index: first.index, complete: true })).toBe(false);
    expect(machine.loadFailed(first, new Error('gone'))).toBe(false);
    expect(machine.opening()).toBe(second);
  });

  it('a load that ends after a close changes nothing; a failed load leaves no list open', () => {
    const machine = createOpenListMachine();
    const closed = loadingOf('a');
    machine.open(closed);
    machine.close();
    expect(machine.loaded(closed, { list: closed.list, index: closed.index, complete: true })).toBe(false);
    expect(machine.phase().kind).toBe('closed');
    const failing = loadingOf('b');
    machine.open(failing);
    expect(machine.loadFailed(failing, new Error('storage'))).toBe(true);
    expect(machine.phase()).toMatchObject({ kind: 'failed', slug: 'b' });
    expect(machine.current()).toBeNull();
  });

  it('a pull updates only an open list', () => {
    const machine = createOpenListMachine();
    const loading = loadingOf('a');
    machine.open(loading);
    machine.updated({ list: loading.list, index: loading.index, complete: true });
    expect(machine.phase().kind).toBe('opening');
  });
});
