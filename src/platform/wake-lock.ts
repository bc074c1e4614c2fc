// Keeps a kiosk's or door phone's screen on while scanning. The lock is dropped by the browser
// whenever the page is hidden, so it is asked for again each time the page comes back.
export function holdScreenAwake(): () => void {
  let sentinel: WakeLockSentinel | null = null;
  let released = false;
  const request = async () => {
    if (released || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
    try {
      sentinel = await navigator.wakeLock.request('screen');
    } catch {
      // Battery saver or a policy may refuse; the app works regardless.
    }
  };
  const onVisible = () => void request();
  document.addEventListener('visibilitychange', onVisible);
  void request();
  return () => {
    released = true;
    document.removeEventListener('visibilitychange', onVisible);
    void sentinel?.release();
  };
}

/** False where the browser cannot keep the screen on at all (no Screen Wake Lock API). */
export function canHoldScreenAwake(): boolean {
  return 'wakeLock' in navigator;
}
