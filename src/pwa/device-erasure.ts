// "Forget this device's data" in one tab reaches every other tab of the app on the device (a
// kiosk tab beside the staff screens, an organiser's tab): each lets go of what it holds (the
// door's worker with its list in memory, the built-in service's database) and says the data was
// forgotten, instead of going on showing and searching a list that is gone.
//
// Two signals, either enough: a message on a BroadcastChannel, posted by the erasing tab once
// the door's database is deleted, and the `storage` event of localStorage's clear(), the
// erase's last step (nothing else in the app clears it; a browser without BroadcastChannel
// still hears it). The erasing tab ignores its own message.
//
// A tab told does not start again by itself: while the erasing tab counts what is left, a tab
// starting afresh would make a new database and service worker, and the count would be untrue.

const CHANNEL = 'venue-checkin.device';
const ERASED = 'erased';

let erasingHere = false;

/** Called by the tab that erases, once the door's database is deleted. */
export function announceDeviceErased(): void {
  erasingHere = true;
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(ERASED);
  channel.close();
}

/** Calls `listener` once, when another tab of the app has erased this device's data. */
export function onDeviceErasedElsewhere(listener: () => void): () => void {
  let told = false;
  const tell = () => {
    if (told || erasingHere) return;
    told = true;
    listener();
  };
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  if (channel)
    channel.onmessage = (event: MessageEvent) => {
      if (event.data === ERASED) tell();
    };
  const cleared = (event: StorageEvent) => {
    // key null: the whole area cleared; sessionStorage's events come from this tab's own
    // frames only, so the area is checked.
    if (event.key === null && event.storageArea === globalThis.localStorage) tell();
  };
  globalThis.addEventListener?.('storage', cleared);
  return () => {
    channel?.close();
    globalThis.removeEventListener?.('storage', cleared);
  };
}
