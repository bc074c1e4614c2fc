// npm test's first step: a machine without Debian's browsers is told the one command to run.
import { describe, expect, it } from 'vitest';
import { INSTALL_COMMAND, missing, missingMessage, NEEDED } from '../../scripts/browsers';

describe('the browser check before npm test', () => {
  it('finds nothing missing where every browser runs', () => {
    expect(missing(() => true)).toEqual([]);
  });

  it('names what is missing and the one command that installs it', () => {
    const gone = missing((path) => !path.includes('firefox') && !path.includes('WebKit'));
    expect(gone.map((g) => g.from)).toEqual(['firefox-esr', 'webkit2gtk-driver']);
    const words = missingMessage(gone);
    expect(words).toContain('/usr/bin/firefox-esr');
    expect(words).toContain('(firefox-esr, webkit2gtk-driver)');
    expect(words.split('\n').filter((line) => line.includes('apt-get'))).toEqual([`  ${INSTALL_COMMAND}`]);
  });

  it('the command installs a package for every browser it checks', () => {
    for (const item of NEEDED) expect(INSTALL_COMMAND.split(' ')).toContain(item.from);
  });
});
