// The battery, as far as the platform says (the Battery Status API, in Chromium-based browsers);
// null elsewhere, and wherever asking fails.
export interface BatteryNow {
  /** 0 to 1. */
  level: number;
  charging: boolean;
}

interface BatteryManagerLike {
  level: number;
  charging: boolean;
}

export async function readBattery(
  nav: { getBattery?: () => Promise<BatteryManagerLike> } = navigator as never,
): Promise<BatteryNow | null> {
  if (typeof nav.getBattery !== 'function') return null;
  try {
    const battery = await nav.getBattery();
    return Number.isFinite(battery.level) ? { level: battery.level, charging: battery.charging } : null;
  } catch {
    return null;
  }
}
