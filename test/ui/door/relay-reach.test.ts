import { describe, expect, it, vi } from 'vitest';
import type { ServiceInfo } from '../../../src/api/service-info';
import { RELAY_REACH_REFRESH_MS, watchRelayReach } from '../../../src/ui/door/relay-reach';
import { fakeNetwork } from '../../platform/fake-network';

const relay = (reachable: boolean): ServiceInfo => ({
  origin: 'http://relay.test',
  doorOrigin: 'http://relay.test',
  reachableFromNetwork: true,
  mode: 'relay',
  upstreamCheckinUrl: 'https://service.test/checkin',
  upstreams: [{ api: 'checkin', origin: 'https://service.test', reachable }],
});

/** A page on a relay, on a network the test switches, with its timers moved by hand. */
function page(online: boolean, info: ServiceInfo | null = relay(true)) {
  const net = fakeNetwork(online);
  const sources = {
    signal: net.signal,
    servedBy: vi.fn(async () => info),
    readServiceInfo: vi.fn(async () => info),
  };
  return {
    sources,
    setOnline: (value: boolean) => net.setOnline(value),
    setInfo(next: ServiceInfo | null) {
      info = next;
    },
    tick: (ms: number) => net.elapse(ms),
    listening: net.listening,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchRelayReach', () => {
  it('online on a relay: asks which server this is, then the relay, and reports its reach', async () => {
    const p = page(true);
    const report = vi.fn();
    watchRelayReach(report, p.sources);
    await settle();
    expect(p.sources.servedBy).toHaveBeenCalledTimes(1);
    expect(p.sources.readServiceInfo).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenLastCalledWith(true);
  });

  it('started offline: asks nothing until the browser is online, then asks', async () => {
    const p = page(false);
    const report = vi.fn();
    watchRelayReach(report, p.sources);
    await settle();
    expect(p.sources.servedBy).not.toHaveBeenCalled();
    expect(p.sources.readServiceInfo).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
    p.setOnline(true);
    await settle();
    expect(p.sources.servedBy).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenLastCalledWith(true);
  });

  it('offline later: the refresh asks nothing and the reach is not known; back online it asks at once', async () => {
    const p = page(true);
    const report = vi.fn();
    watchRelayReach(report, p.sources);
    await settle();
    p.setOnline(false);
    p.tick(RELAY_REACH_REFRESH_MS);
    await settle();
    expect(p.sources.readServiceInfo).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenLastCalledWith(null);
    p.setInfo(relay(false));
    p.setOnline(true);
    await settle();
    expect(p.sources.readServiceInfo).toHaveBeenCalledTimes(2);
    expect(report).toHaveBeenLastCalledWith(false);
  });

  it('going offline: the reach is not known at once, before the next refresh, and the relay is not asked', async () => {
    const p = page(true);
    const report = vi.fn();
    watchRelayReach(report, p.sources);
    await settle();
    expect(report).toHaveBeenLastCalledWith(true);
    p.setOnline(false);
    await settle();
    expect(report).toHaveBeenLastCalledWith(null);
    expect(p.sources.readServiceInfo).toHaveBeenCalledTimes(1);
  });

  it('not a relay: the relay is never asked; stopped, nothing is left listening', async () => {
    const p = page(true, null);
    const report = vi.fn();
    const stop = watchRelayReach(report, p.sources);
    await settle();
    p.tick(RELAY_REACH_REFRESH_MS);
    expect(p.sources.readServiceInfo).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
    stop();
    expect(p.listening()).toBe(0);

    const q = page(true);
    const stopped = watchRelayReach(report, q.sources);
    await settle();
    stopped();
    expect(q.listening()).toBe(0);
  });
});
