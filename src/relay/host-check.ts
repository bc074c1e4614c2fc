// Which `Host` headers the relay answers API requests for: its public address, the door app's,
// and the addresses it listens on. Another name pointing at this machine (DNS rebinding: a web
// page whose name is re-pointed at the relay's LAN address) is refused, so a page of another
// site cannot use the relay from a venue visitor's browser.
import { networkInterfaces } from 'node:os';

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

function withPort(name: string, port: number): string[] {
  const host = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  // Browsers leave the default ports out of Host.
  const bare = port === 80 || port === 443 ? [host.toLowerCase()] : [];
  return [`${host}:${port}`.toLowerCase(), ...bare];
}

export function allowedHosts(options: {
  publicOrigin: string;
  appOrigin: string | undefined;
  host: string;
  port: number;
}): Set<string> {
  const names = new Set<string>();
  for (const origin of [options.publicOrigin, options.appOrigin]) {
    const host = origin ? hostOf(origin) : null;
    if (host) names.add(host);
  }
  const listen = options.host;
  const candidates =
    listen === '0.0.0.0' || listen === '::' || listen === ''
      ? Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((e) => e.address))
      : [listen];
  if (candidates.some((c) => c === '127.0.0.1' || c === '::1' || c === 'localhost'))
    candidates.push('127.0.0.1', '::1', 'localhost');
  for (const name of candidates) for (const host of withPort(name, options.port)) names.add(host);
  return names;
}
