// Where a door reaches the Check-in API: the built-in demo service in this tab, or the server
// this app was served from.

/** The built-in service's address: a reserved name, so it can never be a real host. */
export const BUILT_IN_CHECKIN_URL = 'https://built-in.invalid/checkin';

export function thisServerCheckinUrl(): string {
  return `${window.location.origin}/checkin`;
}
