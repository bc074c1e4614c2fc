/** The text as an http(s) address, or null: a code may hold any URL, but only web ones name a list or ticket. */
export function parseWebUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}
