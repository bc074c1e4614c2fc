// 3.1 `expand=a,b` and 3.0 `view=extended|short`.
import type { ApiVersion } from '../model/api-token';

export function expansions(url: URL): Set<string> {
  const raw = url.searchParams.getAll('expand').join(',');
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** `meta.expandable`: every possible expansion and whether it is expanded now. */
export function expandableMeta(
  names: readonly string[],
  expanded: ReadonlySet<string>,
): Record<string, boolean> {
  return Object.fromEntries(names.map((name) => [name, expanded.has(name)]));
}

export type View = 'extended' | 'short' | 'default';

export function viewOf(url: URL): View {
  const view = url.searchParams.get('view');
  return view === 'extended' || view === 'short' ? view : 'default';
}

export function apiVersionString(version: ApiVersion): string {
  return version === '3.1' ? '3.1.0' : '3.0.0';
}
