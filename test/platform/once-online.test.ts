import { describe, expect, it, vi } from 'vitest';
import { ONLINE_POLL_MS, type OnlineSignal, onceOnline } from '../../src/platform/once-online';

/** A network the test switches, with its `online` event and a timer the test moves. */
function network(online: boolean) {
  const listeners = new Set<() => void>();
  const ticks = new Set<{ ms: number; tick: () => void }>();
  const signal: OnlineSignal = {
    isOnline: () => online,
    onOnline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    every(ms, tick) {
      const entry = { ms, tick };
      ticks.add(entry);
      return () => ticks.delete(entry);
    },
  };
  return {
    signal,
    listeners,
    ticks,
    /** The network comes back; `event`: whether the browser says so with its event. */
    comeOnline(event = true) {
      online = true;
      if (event) for (const listener of [...listeners]) listener();
    },
    elapse() {
      for (const entry of [...ticks]) entry.tick();
    },
  };
}

describe('onceOnline', () => {
  it('runs the work at once when the browser is online, and waits for nothing', () => {
    const net = network(true);
    const work = vi.fn();
    onceOnline(work, net.signal);
    expect(work).toHaveBeenCalledTimes(1);
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
  });

  it('does not run the work while the browser is offline', () => {
    const net = network(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    net.elapse();
    net.elapse();
    expect(work).not.toHaveBeenCalled();
  });

  it('runs the work once the online event comes, then stops listening', () => {
    const net = network(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    net.comeOnline();
    expect(work).toHaveBeenCalledTimes(1);
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
    net.comeOnline();
    net.elapse();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('reads the flag every few seconds, for a browser that sends no online event', () => {
    const net = network(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    expect([...net.ticks].map((t) => t.ms)).toEqual([ONLINE_POLL_MS]);
    net.comeOnline(false);
    expect(work).not.toHaveBeenCalled();
    net.elapse();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs the work once stopped, and leaves nothing listening', () => {
    const net = network(false);
    const work = vi.fn();
    const stop = onceOnline(work, net.signal);
    stop();
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
    net.comeOnline();
    net.elapse();
    expect(work).not.toHaveBeenCalled();
  });
});
