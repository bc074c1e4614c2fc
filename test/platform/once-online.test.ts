import { describe, expect, it, vi } from 'vitest';
import { ONLINE_POLL_MS, onceOnline } from '../../src/platform/once-online';
import { fakeNetwork } from './fake-network';

describe('onceOnline', () => {
  it('runs the work at once when the browser is online, and waits for nothing', () => {
    const net = fakeNetwork(true);
    const work = vi.fn();
    onceOnline(work, net.signal);
    expect(work).toHaveBeenCalledTimes(1);
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
  });

  it('does not run the work while the browser is offline', () => {
    const net = fakeNetwork(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    net.elapse();
    net.elapse();
    expect(work).not.toHaveBeenCalled();
  });

  it('runs the work once the online event comes, then stops listening', () => {
    const net = fakeNetwork(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    net.setOnline(true);
    expect(work).toHaveBeenCalledTimes(1);
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
    net.setOnline(true);
    net.elapse();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('reads the flag every few seconds, for a browser that sends no online event', () => {
    const net = fakeNetwork(false);
    const work = vi.fn();
    onceOnline(work, net.signal);
    expect([...net.ticks].map((t) => t.ms)).toEqual([ONLINE_POLL_MS]);
    net.setOnline(true, false);
    expect(work).not.toHaveBeenCalled();
    net.elapse();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs the work once stopped, and leaves nothing listening', () => {
    const net = fakeNetwork(false);
    const work = vi.fn();
    const stop = onceOnline(work, net.signal);
    stop();
    expect(net.listeners.size).toBe(0);
    expect(net.ticks.size).toBe(0);
    net.setOnline(true);
    net.elapse();
    expect(work).not.toHaveBeenCalled();
  });
});
