// One event's fleet, live: asked again every few seconds while the page is visible, and at once
// when it becomes visible again. One request at a time (the next is timed from the last answer),
// so a slow server is never asked twice over. After a failure the last view stays on screen with
// the failure beside it: an organiser before doors open still sees what was known.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminFailure } from '../../../api/admin-failure';
import type { DeviceData, FleetClient, FleetData, FleetScope, JoinCodeData } from '../../../api/fleet-client';

export const FLEET_POLL_MS = 5_000;

export interface LiveFleet {
  view: FleetData | null;
  failure: AdminFailure | null;
  /** When the last answer came, on this device's clock (for "updated at"). */
  updatedAt: number | null;
  reload(): void;
  /** An action's answer, shown before the next poll brings it. */
  putDevice(device: DeviceData): void;
  putJoinCode(code: JoinCodeData): void;
}

export function useFleet(client: FleetClient | null, scope: FleetScope, pollMs = FLEET_POLL_MS): LiveFleet {
  const [view, setView] = useState<FleetData | null>(null);
  const [failure, setFailure] = useState<AdminFailure | null>(null);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const kick = useRef<() => void>(() => {});
  const { account, event } = scope;

  useEffect(() => {
    if (!client) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    // Asked for while a request was out (after an action): that answer may predate the action.
    let again = false;
    const ask = async () => {
      clearTimeout(timer);
      if (!live) return;
      if (asking) {
        again = true;
        return;
      }
      asking = true;
      const answer = await client.view({ account, event });
      asking = false;
      if (!live) return;
      if (again) {
        again = false;
        void ask();
        return;
      }
      if (answer.ok) {
        setView(answer.value);
        setFailure(null);
        setUpdatedAt(Date.now());
      } else setFailure(answer);
      if (document.visibilityState === 'visible') timer = setTimeout(ask, pollMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void ask();
      else clearTimeout(timer);
    };
    kick.current = () => void ask();
    document.addEventListener('visibilitychange', onVisibility);
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [client, account, event, pollMs]);

  const reload = useCallback(() => kick.current(), []);
  const putDevice = useCallback((device: DeviceData) => {
    setView((v) => (v ? { ...v, devices: v.devices.map((d) => (d.id === device.id ? device : d)) } : v));
  }, []);
  const putJoinCode = useCallback((code: JoinCodeData) => {
    setView((v) => {
      if (!v) return v;
      const known = v.join_codes.some((c) => c.id === code.id);
      return {
        ...v,
        join_codes: known ? v.join_codes.map((c) => (c.id === code.id ? code : c)) : [code, ...v.join_codes],
      };
    });
  }, []);
  return { view, failure, updatedAt, reload, putDevice, putJoinCode };
}
