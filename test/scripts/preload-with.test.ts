// A chunk imported lazily brings the chunk of the module it will run later along in its
// preload list; every other import's list stays as Vite made it.
import { describe, expect, it } from 'vitest';
import { preloadsOf, withPreloads } from '../../scripts/preload-with';

const CHUNKS = [
  { fileName: 'assets/app-main.js', moduleIds: ['/app/src/app-main.tsx'] },
  { fileName: 'assets/CameraView.js', moduleIds: ['/app/src/ui/door/CameraView.tsx'] },
  {
    fileName: 'assets/camera.js',
    moduleIds: [
      '/app/node_modules/@zxing/browser/esm/readers/BrowserCodeReader.js',
      '/app/src/scanner/camera.ts',
    ],
  },
  { fileName: 'assets/OrganiserHome.js', moduleIds: ['/app/src/ui/organiser/OrganiserHome.tsx'] },
];
const CAMERA = [{ host: /\/src\/ui\/door\/CameraView\.tsx$/, also: /\/src\/scanner\/camera\.ts$/ }];

describe('preloads that come along', () => {
  it('names the camera chunk for the camera view chunk, and nothing for the others', () => {
    const extra = preloadsOf(CHUNKS, CAMERA);
    expect([...extra]).toEqual([['assets/CameraView.js', ['assets/camera.js']]]);
  });

  it('adds it to the camera view import’s own list, once, after what Vite listed', () => {
    const extra = preloadsOf(CHUNKS, CAMERA);
    const vite = ['assets/CameraView.js', 'assets/jsx-runtime.js'];
    expect(withPreloads('assets/CameraView.js', vite, extra)).toEqual([...vite, 'assets/camera.js']);
    expect(withPreloads('assets/CameraView.js', [...vite, 'assets/camera.js'], extra)).toEqual([
      ...vite,
      'assets/camera.js',
    ]);
  });

  it('gives an import Vite listed nothing for its own chunk first', () => {
    const extra = preloadsOf(CHUNKS, CAMERA);
    expect(withPreloads('assets/CameraView.js', [], extra)).toEqual([
      'assets/CameraView.js',
      'assets/camera.js',
    ]);
  });

  it('leaves every other list as it was, and a build without either module alone', () => {
    const extra = preloadsOf(CHUNKS, CAMERA);
    expect(
      withPreloads('assets/OrganiserHome.js', ['assets/OrganiserHome.js', 'assets/x.js'], extra),
    ).toEqual(['assets/OrganiserHome.js', 'assets/x.js']);
    expect(withPreloads('assets/camera.js', [], extra)).toEqual([]);
    expect(preloadsOf(CHUNKS.slice(0, 2), CAMERA).size).toBe(0);
  });
});
