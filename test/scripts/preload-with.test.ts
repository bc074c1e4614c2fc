// A lazily imported chunk's preload list names what the import will need: the chunk of the
// module it will run later comes along, and what the importing chunk has already loaded is
// left out.
import { describe, expect, it } from 'vitest';
import { preloadPlan, withPreloads } from '../../scripts/preload-with';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []) => ({
  fileName,
  moduleIds,
  imports,
});

// The shape of the app's build: the app imports the runtime and React's chunk statically and the
// camera view lazily; the view imports the same statically and the camera lazily.
const CHUNKS = [
  chunk('assets/index.js', ['/app/src/main.ts'], ['assets/preload-helper.js']),
  chunk('assets/preload-helper.js', ['vite/preload-helper.js']),
  chunk(
    'assets/app-main.js',
    ['/app/src/app-main.tsx'],
    ['assets/jsx-runtime.js', 'assets/preload-helper.js'],
  ),
  chunk('assets/jsx-runtime.js', ['/app/node_modules/react/jsx-runtime.js'], ['assets/runtime.js']),
  chunk('assets/runtime.js', ['rolldown:runtime']),
  chunk('assets/CameraView.js', ['/app/src/ui/door/CameraView.tsx'], ['assets/jsx-runtime.js']),
  chunk('assets/camera.js', ['/app/node_modules/@zxing/browser/esm/index.js', '/app/src/scanner/camera.ts']),
  chunk('assets/OrganiserHome.js', ['/app/src/ui/organiser/OrganiserHome.tsx'], ['assets/charts.js']),
  chunk('assets/charts.js', ['/app/src/ui/organiser/charts.ts']),
];
const CAMERA = [{ host: /\/src\/ui\/door\/CameraView\.tsx$/, also: /\/src\/scanner\/camera\.ts$/ }];
const plan = preloadPlan(CHUNKS, CAMERA);

describe('preload lists', () => {
  it('name the camera chunk with the camera view, and nothing the app has loaded', () => {
    // Vite's list: the view and every chunk it imports statically.
    const vite = ['assets/CameraView.js', 'assets/jsx-runtime.js', 'assets/runtime.js'];
    expect(withPreloads('assets/CameraView.js', vite, 'assets/app-main.js', plan)).toEqual([
      'assets/CameraView.js',
      'assets/camera.js',
    ]);
  });

  it('name the camera chunk also where Vite listed nothing, and once', () => {
    expect(withPreloads('assets/CameraView.js', [], 'assets/app-main.js', plan)).toEqual([
      'assets/CameraView.js',
      'assets/camera.js',
    ]);
    expect(
      withPreloads(
        'assets/CameraView.js',
        ['assets/CameraView.js', 'assets/camera.js'],
        'assets/app-main.js',
        plan,
      ),
    ).toEqual(['assets/CameraView.js', 'assets/camera.js']);
  });

  it('keep what the importing chunk has not loaded', () => {
    const vite = ['assets/OrganiserHome.js', 'assets/charts.js', 'assets/jsx-runtime.js'];
    expect(withPreloads('assets/OrganiserHome.js', vite, 'assets/app-main.js', plan)).toEqual([
      'assets/OrganiserHome.js',
      'assets/charts.js',
    ]);
  });

  it('are empty when nothing is left but the imported chunk itself', () => {
    expect(withPreloads('assets/camera.js', [], 'assets/CameraView.js', plan)).toEqual([]);
    expect(
      withPreloads(
        'assets/jsx-runtime.js',
        ['assets/jsx-runtime.js', 'assets/runtime.js'],
        'assets/app-main.js',
        plan,
      ),
    ).toEqual([]);
  });

  it('know a chunk’s loaded chunks through its imports’ imports', () => {
    expect([...(plan.loaded.get('assets/app-main.js') ?? [])].sort()).toEqual([
      'assets/jsx-runtime.js',
      'assets/preload-helper.js',
      'assets/runtime.js',
    ]);
    expect(preloadPlan(CHUNKS.slice(0, 6), CAMERA).extra.size).toBe(0);
  });
});
