// CSV downloads and their file names, for the door's exports and the organiser's.

/** Hands a CSV text to the browser as a download. */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const unsentFileName = (title: string) => `unsent-checkins-${title.replace(/\W+/g, '-')}.csv`;

export const auditFileName = (title: string) => `audit-log-${title.replace(/\W+/g, '-')}.csv`;

/** The thing and the day, in words a spreadsheet folder sorts well. */
export function exportFileName(what: string, title: string, at = new Date()): string {
  const safe = `${what}-${title}`
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
  return `${safe}-${at.toISOString().slice(0, 10)}.csv`;
}
