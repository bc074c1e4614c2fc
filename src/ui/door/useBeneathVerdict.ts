import { useEffect, useRef, useState } from 'react';
import { afterPaint } from '../shared/after-paint';
import { beneathVerdict } from './beneath-verdict';

/**
 * `live` as the screen beneath a verdict draws it (beneath-verdict.ts): while `covered`, a new
 * value waits for the verdict's frame to be painted and is drawn in a render of its own after it.
 * What was drawn is kept in a ref while rendering: only a value that had to wait costs a render.
 */
export function useBeneathVerdict<T>(live: T, covered: boolean): T {
  const drawn = useRef(live);
  const [caughtUp, setCaughtUp] = useState<{ value: T } | null>(null);
  const value = beneathVerdict(drawn.current, live, covered, caughtUp ? caughtUp.value : null);
  drawn.current = value;
  useEffect(() => {
    if (value === live) return;
    return afterPaint(() => setCaughtUp({ value: live }));
  }, [value, live]);
  return value;
}
