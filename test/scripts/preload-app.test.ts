// The page's HTML names the app's chunks and stylesheets, and nothing loaded only later.
import { describe, expect, it } from 'vitest';
import type { BuiltChunk } from '../../scripts/built-chunks';
import { appPreloads } from '../../scripts/preload-app';

const chunk = (
  fileName: string,
  imports: string[] = [],
  moduleIds: string[] = [],
  css: string[] = [],
  isEntry = false,
) => ({ fileName, imports, moduleIds, css, isEntry }) satisfies BuiltChunk;

// The shape of the app's build: the entry loads the app by a dynamic import; the app and the
// organiser's screens share chunks; the camera and a language come later.
const BUILD: BuiltChunk[] = [
  chunk('assets/index.js', ['assets/door-worker.js'], ['/app/src/main.ts'], [], true),
  chunk('assets/door-worker.js'),
  chunk(
    'assets/app-main.js',
    ['assets/jsx-runtime.js', 'assets/badge-words.js'],
    ['/app/src/app-main.tsx'],
    ['assets/app-main.css'],
  ),
  chunk('assets/jsx-runtime.js'),
  chunk('assets/badge-words.js', ['assets/jsx-runtime.js']),
  chunk('assets/camera.js', ['assets/jsx-runtime.js'], ['/app/src/scanner/camera.ts'], ['assets/camera.css']),
  chunk('assets/OrganiserHome.js', ['assets/badge-words.js'], [], ['assets/OrganiserHome.css']),
  chunk('assets/i18n.door.fr.js'),
];

describe('the app’s preloads', () => {
  it('are the app’s chunk, what it imports statically, each once, and their stylesheets', () => {
    expect(appPreloads(BUILD, /\/src\/app-main\.tsx$/)).toEqual({
      scripts: ['assets/app-main.js', 'assets/jsx-runtime.js', 'assets/badge-words.js'],
      styles: ['assets/app-main.css'],
    });
  });

  it('are none when the app is not found', () => {
    expect(appPreloads(BUILD, /\/src\/nowhere\.tsx$/)).toEqual({ scripts: [], styles: [] });
  });
});
