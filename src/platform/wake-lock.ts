// Keeps a kiosk's or door phone's screen on while scanning. The lock is dropped by the browser
// whenever the page is hidden, so it is asked for again each time the page comes back.
export function holdScreenAwake(): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let released = false;
  const request = async () => {
    if (released || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
    try {
      sentinel = await navigator.wakeLock.request('screen');
      // Let go meanwhile (the screen left while the browser answered): not held past it.
      if (released) void sentinel.release();
    } catch {
      // Battery saver or a policy may refuse; the app works regardless.
    }
  };
  const onVisible = () => void request();
  document.addEventListener('visibilitychange', onVisible);
  // In a task of its own: the request costs a phone 30 ms or so, which would otherwise lengthen
  // the task that runs the scan screen's first effects.
  const first = setTimeout(onVisible, 0);
  return () => {
    released = true;
    clearTimeout(first);
    document.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release();
  };
}

/** False where the browser cannot keep the screen on at all (no Screen Wake Lock API). */
export function canHoldScreenAwake(): boolean {
  return 'wakeLock' in navigator;
}
