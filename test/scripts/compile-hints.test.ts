// The chunks a door's start runs carry V8's compile hint; the rest do not.
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, type ChunkGraphNode, startChunks, withCompileHint } from '../../scripts/compile-hints';

const chunk = (fileName: string, imports: string[] = [], moduleIds: string[] = [], isEntry = false) => ({
  fileName,
  imports,
  moduleIds,
  isEntry,
});

// The shape of the app's build: the entry loads the app by a dynamic import; the app and the
// entry share chunks; the camera, the organiser's screens and a language come later.
const BUILD: ChunkGraphNode[] = [
  chunk('assets/index.js', ['assets/door-worker.js', 'assets/preload-helper.js'], ['/app/src/main.ts'], true),
  chunk('assets/door-worker.js', ['assets/database-names.js']),
  chunk('assets/database-names.js'),
  chunk('assets/preload-helper.js'),
  chunk(
    'assets/app-main.js',
    ['assets/jsx-runtime.js', 'assets/badge-words.js', 'assets/preload-helper.js'],
    ['/app/src/app-main.tsx', '/app/node_modules/react-dom/cjs/react-dom-client.production.js'],
  ),
  chunk('assets/jsx-runtime.js'),
  chunk('assets/badge-words.js', ['assets/jsx-runtime.js']),
  chunk('assets/camera.js', ['assets/jsx-runtime.js'], ['/app/src/scanner/camera.ts']),
  chunk('assets/OrganiserHome.js', ['assets/jsx-runtime.js', 'assets/badge-words.js']),
  chunk('assets/i18n.door.fr.js'),
];

describe('the chunks a start runs', () => {
  it('are the entry, the app it loads at once, and what either imports statically', () => {
    expect([...startChunks(BUILD, [/\/src\/app-main\.tsx$/])].sort()).toEqual([
      'assets/app-main.js',
      'assets/badge-words.js',
      'assets/database-names.js',
      'assets/door-worker.js',
      'assets/index.js',
      'assets/jsx-runtime.js',
      'assets/preload-helper.js',
    ]);
  });

  it('leave out what loads later, even when it shares chunks with the start', () => {
    const start = startChunks(BUILD, [/\/src\/app-main\.tsx$/]);
    for (const later of ['assets/camera.js', 'assets/OrganiserHome.js', 'assets/i18n.door.fr.js'])
      expect(start.has(later)).toBe(false);
  });

  it('without the entries, are the start modules’ chunks and what they import (the sync worker)', () => {
    expect([...startChunks(BUILD, [/\/src\/app-main\.tsx$/], false)].sort()).toEqual([
      'assets/app-main.js',
      'assets/badge-words.js',
      'assets/jsx-runtime.js',
      'assets/preload-helper.js',
    ]);
    expect(startChunks(BUILD, [/\/src\/nowhere\.tsx$/], false).size).toBe(0);
  });

  it('are the entry alone when the app is not found', () => {
    expect([...startChunks(BUILD, [/\/src\/nowhere\.tsx$/])].sort()).toEqual([
      'assets/database-names.js',
      'assets/door-worker.js',
      'assets/index.js',
      'assets/preload-helper.js',
    ]);
  });
});

describe('the hint', () => {
  it("is the chunk's first line, as V8 reads it", () => {
    const code = withCompileHint('import{a as b}from"./x.js";b();');
    expect(code.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code.slice(COMPILE_HINT.length + 1)).toBe('import{a as b}from"./x.js";b();');
  });

  it('is added once', () => {
    expect(withCompileHint(withCompileHint('f();'))).toBe(`${COMPILE_HINT}\nf();`);
  });
});
