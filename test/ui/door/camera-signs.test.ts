// The camera's signs to the door's readiness: a camera that runs or shows a picture is noted
// without reading the platform (that reading would land in a queue's first scans); a camera that
// fails has the platform read again, to tell a refusal from a camera in use elsewhere.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const checkReadiness = vi.fn(async () => undefined);
vi.mock('../../../src/state/readiness', async (original) => ({
  ...(await original<typeof import('../../../src/state/readiness')>()),
  checkReadiness,
}));

describe('the camera’s signs to the door’s readiness', () => {
  beforeEach(() => checkReadiness.mockClear());

  it('notes a running camera and its picture without reading the platform', async () => {
    const { cameraSigns } = await import('../../../src/ui/door/useReadiness');
    const { appStore } = await import('../../../src/state/app-store');
    cameraSigns.onTrouble(null);
    cameraSigns.onPicture();
    expect(checkReadiness).not.toHaveBeenCalled();
    expect(appStore.getState().readiness.signals).toMatchObject({ cameraTrouble: null });
    expect(appStore.getState().readiness.signals.cameraFrameAt).not.toBeNull();
    expect(appStore.getState().readiness.probes.cameraPermission).toBe('granted');
  });

  it('reads the platform again when the camera fails', async () => {
    const { cameraSigns } = await import('../../../src/ui/door/useReadiness');
    const { appStore } = await import('../../../src/state/app-store');
    cameraSigns.onTrouble('denied');
    expect(checkReadiness).toHaveBeenCalledTimes(1);
    expect(appStore.getState().readiness.signals.cameraTrouble).toBe('denied');
  });
});
