// `npm test` starts here: the journeys need Debian's browsers (Playwright never downloads one).
// With one missing, this stops at once and names the one command that installs them, rather than
// letting the suite fail in its browser tests twenty minutes later; as root with apt-get at hand
// (a fresh CI machine, a container) it runs that command itself.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DEBIAN_PACKAGES = [
  'chromium',
  'firefox-esr',
  'webkit2gtk-driver',
  'xvfb',
  'ffmpeg',
  'fonts-dejavu-core',
  // The badge journey: Chinese names in a system font, and the badges' PDFs turned into PNGs to
  // look at (it counts pages without poppler too, so neither is checked for below).
  'fonts-wqy-microhei',
  'poppler-utils',
];

/** What the journeys run, and the Debian package that brings each. */
export const NEEDED: readonly { path: string; from: string }[] = [
  { path: '/usr/bin/chromium', from: 'chromium' },
  { path: '/usr/bin/firefox-esr', from: 'firefox-esr' },
  { path: '/usr/bin/WebKitWebDriver', from: 'webkit2gtk-driver' },
  { path: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', from: 'webkit2gtk-driver' },
  { path: '/usr/bin/Xvfb', from: 'xvfb' },
  { path: '/usr/bin/ffmpeg', from: 'ffmpeg' },
];

export const INSTALL_COMMAND = `sudo apt-get install -y --no-install-recommends ${DEBIAN_PACKAGES.join(' ')}`;

export function missing(runs: (path: string) => boolean): { path: string; from: string }[] {
  return NEEDED.filter((item) => !runs(item.path));
}

/** The words for a machine without them: what is missing, and the one command to run. */
export function missingMessage(gone: readonly { path: string; from: string }[]): string {
  const packages = [...new Set(gone.map((item) => item.from))].join(', ');
  return [
    `npm test needs Debian's browsers for its journeys; missing: ${gone.map((g) => g.path).join(', ')} (${packages}).`,
    'Install them with this one command, then run npm test again:',
    '',
    `  ${INSTALL_COMMAND}`,
    '',
  ].join('\n');
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

function main(): number {
  let gone = missing(executable);
  if (gone.length === 0) return 0;
  const root = process.getuid?.() === 0;
  if (root && executable('/usr/bin/apt-get')) {
    console.log(`Installing Debian's browsers for the journeys: ${DEBIAN_PACKAGES.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...DEBIAN_PACKAGES], {
      stdio: 'inherit',
      env,
    });
    gone = missing(executable);
    if (gone.length === 0) return 0;
  }
  console.error(missingMessage(gone));
  return 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main());
