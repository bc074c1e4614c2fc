// Where the Devices screen finds a fleet: only on the app's own server, the one this page came from.
import { describe, expect, it } from 'vitest';
import type { ServiceInfo } from '../../../src/api/service-info';
import { fleetAccess } from '../../../src/ui/organiser/devices/fleet-access';

const PAGE = 'http://venue.test:4173';
const server = (change: Partial<ServiceInfo> = {}): ServiceInfo => ({
  origin: PAGE,
  doorOrigin: PAGE,
  reachableFromNetwork: true,
  mode: 'mock',
  upstreamCheckinUrl: null,
  upstreams: [],
  fleet: true,
  ...change,
});

describe('fleet access', () => {
  it('reaches the fleet on this server, signed in by its link or with its own /v3 pasted', () => {
    expect(fleetAccess({ kind: 'server', token: 'tok', host: 'venue.test:4173' }, server(), PAGE)).toEqual({
      kind: 'ready',
      origin: PAGE,
      token: 'tok',
    });
    expect(
      fleetAccess({ kind: 'remote', baseUrl: `${PAGE}/v3`, token: 'tok' }, server(), PAGE),
    ).toMatchObject({
      kind: 'ready',
    });
    expect(
      fleetAccess(
        { kind: 'server', token: 'session', host: 'venue.test:4173' },
        server({ mode: 'relay' }),
        PAGE,
      ),
    ).toMatchObject({ kind: 'ready', token: 'session' });
  });

  it('says why there is none: the demo, another Admin API, no server, an older server', () => {
    expect(fleetAccess({ kind: 'builtin', token: 'x' }, server(), PAGE)).toEqual({ kind: 'demo' });
    expect(
      fleetAccess(
        { kind: 'remote', baseUrl: 'https://tickets.example.com/v3', token: 'tok' },
        server(),
        PAGE,
      ),
    ).toEqual({ kind: 'foreign', host: 'tickets.example.com' });
    expect(fleetAccess({ kind: 'server', token: 'tok', host: 'venue.test:4173' }, null, PAGE)).toEqual({
      kind: 'no-server',
    });
    expect(
      fleetAccess(
        { kind: 'server', token: 'tok', host: 'venue.test:4173' },
        server({ fleet: undefined }),
        PAGE,
      ),
    ).toEqual({ kind: 'old-server' });
    expect(fleetAccess({ kind: 'server', token: '', host: 'venue.test:4173' }, server(), PAGE)).toEqual({
      kind: 'signed-out',
    });
  });
});
