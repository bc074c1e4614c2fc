// The open event's currency and clock for every table and fact under it; null outside an event
// (or before it has loaded), where values are shown on the device's clock without a currency.
import { createContext, useContext } from 'react';
import type { EventFormat } from './event-format';

export const EventFormatContext = createContext<EventFormat | null>(null);

export function useEventFormat(): EventFormat | null {
  return useContext(EventFormatContext);
}
