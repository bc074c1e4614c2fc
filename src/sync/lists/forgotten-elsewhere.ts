// A list forgotten in one tab of the app goes from the app's other tabs at once. Each tab's sync
// worker holds its open list in memory (its names for search, its verdicts): without word, a
// kiosk tab beside the staff screens went on showing the list, admitting from it and syncing it.
// Pulls never bring a forgotten list back, whenever the forget lands (download-all.ts,
// pull-since.ts); this makes the other tabs' doors follow without waiting for one.
//
// One BroadcastChannel object both says and hears: a channel is not handed its own messages, so
// the tab that forgot is not told of it again.

/** What a door's engine says when it forgot a list, and hears when another tab did. */
export interface ForgottenLists {
  announce(listSlug: string): void;
  listen(heard: (listSlug: string) => void): void;
}

const CHANNEL = 'venue-checkin.forgotten-lists';

/** Over a BroadcastChannel of the app's origin; none where the platform has none. */
export function broadcastForgottenLists(name = CHANNEL): ForgottenLists | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  const channel = new BroadcastChannel(name);
  return {
    announce: (listSlug) => channel.postMessage({ forgotten: listSlug }),
    listen(heard) {
      channel.onmessage = (event: MessageEvent) => {
        const slug = (event.data as { forgotten?: unknown } | null)?.forgotten;
        if (typeof slug === 'string') heard(slug);
      };
    },
  };
}
