// No string left behind: every language has every message (with the same placeholders and
// every plural form it needs), every message is used by some code, door code asks only for
// door messages (the organiser's are not loaded at the door), and no text shown to people is
// written in the screens' code instead of a catalogue.
import { readFileSync } from 'node:fs';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/domain/locales';
import { literals, literalText, messageCalls, organiserLabels, sourceFiles } from './source-scan';

const AREAS = ['door', 'organiser'] as const;
const read = (area: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(`src/ui/i18n/messages/${area}/${locale}.json`, 'utf8'));
const en = { door: read('door', 'en'), organiser: read('organiser', 'en') };

type Token = string | [string, string?, unknown?];
/** Placeholder names and, per plural, the categories written, from Lingui's compiled form. */
function shape(message: string) {
  const names = new Set<string>();
  const plurals: string[][] = [];
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, type, choices] = token;
      names.add(name);
      if (choices && typeof choices === 'object') {
        const forms = Object.keys(choices).filter((k) => k !== 'offset');
        if (type === 'plural') plurals.push(forms);
        for (const form of forms) visit((choices as Record<string, Token[]>)[form]!);
      }
    }
  };
  visit(compileMessageOrThrow(message) as Token[]);
  return { names: [...names].sort(), plurals };
}

const uiFiles = sourceFiles('src/ui');
const organiserFiles = uiFiles.filter((f) => f.startsWith('src/ui/organiser/'));
const doorFiles = uiFiles.filter((f) => !organiserFiles.includes(f));

describe.each(AREAS)('the %s catalogues', (area) => {
  it.each(LOCALES)('%s has exactly the English ids', (locale) => {
    const ids = Object.keys(read(area, locale)).sort();
    expect(ids).toEqual(Object.keys(en[area]).sort());
  });

  it.each(LOCALES)('%s keeps each message’s placeholders and writes every plural form it needs', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const problems: string[] = [];
    for (const [id, message] of Object.entries(read(area, locale))) {
      const source = en[area][id];
      if (source === undefined) continue;
      const { names, plurals } = shape(message);
      if (names.join() !== shape(source).names.join()) problems.push(`${id}: placeholders ${names}`);
      for (const forms of plurals) {
        const missing = categories.filter((c) => !forms.includes(c));
        if (missing.length) problems.push(`${id}: no ${missing.join(', ')} form`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no message that no code uses', () => {
    const files = area === 'door' ? uiFiles : organiserFiles;
    const { strings, prefixes } = literals(files);
    const used = (id: string) =>
      strings.has(id) || [...prefixes].some((p) => p.endsWith('_') && id.startsWith(p));
    expect(Object.keys(en[area]).filter((id) => !used(id))).toEqual([]);
  });
});

describe('the code’s use of the catalogues', () => {
  it('asks the door catalogue alone from door code, since the organiser’s is not loaded there', () => {
    const strays = messageCalls(doorFiles).filter((call) => !(call.text in en.door));
    expect(strays).toEqual([]);
  });

  it('asks only for messages that exist from the organiser screens', () => {
    const strays = messageCalls(organiserFiles).filter(
      (call) => !(call.text in en.door) && !(call.text in en.organiser),
    );
    expect(strays).toEqual([]);
  });

  it('has a message for every label of the organiser’s resource descriptions', () => {
    const missing = organiserLabels(organiserFiles).filter((label) => !(label.text in en.organiser));
    expect(missing).toEqual([]);
  });

  // Text in JSX that is not a word for people to read in their language.
  const ALLOWED = new Set([
    'https://checkin.example.com', // an example address: the same in every language
    'test', // the Admin API's token modes, as the service names them
    'live',
  ]);

  it('writes no text people read (JSX text, aria-label, title, placeholder, alt) outside the catalogues', () => {
    const strays = literalText(uiFiles).filter((found) => !ALLOWED.has(found.text));
    expect(strays).toEqual([]);
  });
});
