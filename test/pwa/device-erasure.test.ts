// Another tab's "Forget this device's data" reaches this tab by either signal, once; the tab
// that erases is not told of its own erase.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Erasure = typeof import('../../src/pwa/device-erasure');

/** The module as one tab of the app has it (each tab its own copy of the module's state). */
async function tab(): Promise<Erasure> {
  vi.resetModules();
  return import('../../src/pwa/device-erasure');
}

const window = new EventTarget();
const localStorage = {};
const sessionStorage = {};

function storageEvent(key: string | null, storageArea: object) {
  window.dispatchEvent(Object.assign(new Event('storage'), { key, storageArea }));
}

describe('the device erased in another tab', () => {
  const stops: (() => void)[] = [];
  beforeEach(() => {
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window));
    vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window));
    vi.stubGlobal('localStorage', localStorage);
  });
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.unstubAllGlobals();
  });

  it('is heard on the channel by every other tab, not by the one erasing', async () => {
    const erasing = await tab();
    const kiosk = await tab();
    const heardHere = vi.fn();
    const heardThere = vi.fn();
    stops.push(erasing.onDeviceErasedElsewhere(heardHere), kiosk.onDeviceErasedElsewhere(heardThere));

    erasing.announceDeviceErased();
    await vi.waitFor(() => expect(heardThere).toHaveBeenCalledTimes(1));
    // Its own message, had it come, would have come by now: the other tab's came after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heardHere).not.toHaveBeenCalled();
  });

  it("is heard from localStorage's clear() alone, once, and not from other storage changes", async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const kiosk = await tab();
    const heard = vi.fn();
    stops.push(kiosk.onDeviceErasedElsewhere(heard));

    storageEvent('venue-checkin.settings', localStorage);
    storageEvent(null, sessionStorage);
    expect(heard).not.toHaveBeenCalled();
    storageEvent(null, localStorage);
    storageEvent(null, localStorage);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
