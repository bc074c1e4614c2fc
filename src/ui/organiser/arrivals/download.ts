// File names for exports: the thing and the day, in words a spreadsheet folder sorts well.
export { downloadCsv } from '../../door/download-csv';

export function exportFileName(what: string, title: string, at = new Date()): string {
  const safe = `${what}-${title}`
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${safe}-${at.toISOString().slice(0, 10)}.csv`;
}
