// CSV for spreadsheets, written defensively: every field is quoted (commas, quotes and line
// breaks inside a field stay inside it), and a text field that a spreadsheet would run as a
// formula (leading = + - @, or a tab or carriage return before one) gets a ' prefix, so a
// name typed as `=HYPERLINK(...)` by whoever registered is shown, never run.
// A byte order mark leads, so spreadsheet programs read the file as UTF-8 (names with accents).

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  let text = value == null ? '' : String(value);
  // Numbers the code wrote are data, not formulas; only text from people is neutralised.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

export const CSV_BOM = '\uFEFF';

/** A file's columns headed by their own names: what a script reads, and the words' fallback. */
export const headedByName = <C extends string>(columns: readonly C[]): Record<C, string> =>
  Object.fromEntries(columns.map((c): [C, string] => [c, c])) as Record<C, string>;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Records of any shape as rows: nested objects become dotted columns (`release.title`), lists
 * become JSON text; columns come in the order first seen, `first` ones leading.
 */
export function recordsToCsv(
  records: readonly Record<string, unknown>[],
  first: readonly string[] = [],
): string {
  const flat = records.map((record) => flatten(record));
  const columns = new Set<string>(first.filter((name) => flat.some((row) => row.has(name))));
  for (const row of flat) for (const name of row.keys()) columns.add(name);
  const header = [...columns];
  return toCsv(
    header,
    flat.map((row) => header.map((name) => row.get(name))),
  );
}

const MAX_DEPTH = 3;

// A Map, not an object: a key named `__proto__` in a record stays a column, never a prototype.
function flatten(record: Record<string, unknown>, prefix = '', depth = 0, out = new Map<string, CsvValue>()) {
  for (const [key, value] of Object.entries(record)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === null || value === undefined) out.set(name, '');
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out.set(name, value);
    else if (typeof value === 'object' && !Array.isArray(value) && depth < MAX_DEPTH)
      flatten(value as Record<string, unknown>, name, depth + 1, out);
    else out.set(name, JSON.stringify(value));
  }
  return out;
}
