// Every animation in the app's styles moves only what the compositor animates on its own: a
// door's page draws a verdict and reads camera frames on its main thread, and an animation of a
// layout or paint property (a border, a background) lays out and paints the page again in
// every frame it runs, on a phone's slowest core, while the next guest is scanned.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const COMPOSITED = new Set(['opacity', 'transform']);

/** Every stylesheet under `dir`, as the source checks list the code (test/ui/i18n/source-scan.ts). */
const stylesheets = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(dir, file));

/** Each `@keyframes` rule of a stylesheet: its name and the properties its frames set. */
function keyframes(css: string): { name: string; properties: string[] }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const found: { name: string; properties: string[] }[] = [];
  for (const match of text.matchAll(/@keyframes\s+([\w-]+)\s*\{/g)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    for (; at < text.length && depth > 0; at++) {
      if (text[at] === '{') depth++;
      else if (text[at] === '}') depth--;
    }
    const body = text.slice(start, at - 1);
    const properties = [...body.matchAll(/([\w-]+)\s*:/g)].map((m) => m[1]!);
    found.push({ name: match[1]!, properties });
  }
  return found;
}

describe("the app's animations", () => {
  const rules = stylesheets('src').flatMap((file) =>
    keyframes(readFileSync(file, 'utf8')).map((rule) => ({ file, ...rule })),
  );

  it('finds the animations there are (the verdict coming in, the aiming frame flashing a read)', () => {
    expect(rules.map((rule) => rule.name)).toEqual(expect.arrayContaining(['verdict-in', 'frame-read']));
    for (const rule of rules) expect(rule.properties.length, rule.name).toBeGreaterThan(0);
  });

  it('moves only opacity and transform', () => {
    for (const { file, name, properties } of rules)
      expect(
        properties.filter((property) => !COMPOSITED.has(property)),
        `@keyframes ${name} in ${file}`,
      ).toEqual([]);
  });
});
