// The battery's charge, where the browser tells it (Chromium's Battery Status API; Firefox and
// Safari have none). Null where it cannot: a door then shows "not known", never a warning.
export interface BatteryState {
  /** 0 to 1. */
  level: number;
  charging: boolean;
}

interface BatteryManagerLike {
  level: number;
  charging: boolean;
}

type WithBattery = { getBattery?: () => Promise<BatteryManagerLike> };

export async function readBattery(
  nav: WithBattery | undefined = globalThis.navigator as WithBattery | undefined,
): Promise<BatteryState | null> {
  if (typeof nav?.getBattery !== 'function') return null;
  try {
    const battery = await nav.getBattery();
    const level = Number(battery.level);
    if (!Number.isFinite(level) || level < 0 || level > 1) return null;
    return { level, charging: Boolean(battery.charging) };
  } catch {
    // A policy may refuse it (a cross-origin frame): as good as no API.
    return null;
  }
}
