// Whether this site may use the camera, as the Permissions API says. Firefox before 131 and
// some WebViews do not know the name 'camera' (the query throws): the answer is then null, and
// the camera's own start says whether it is allowed.
export type CameraPermission = 'granted' | 'denied' | 'prompt';

type WithPermissions = { permissions?: Pick<Permissions, 'query'> };

export async function readCameraPermission(
  nav: WithPermissions | undefined = globalThis.navigator,
): Promise<CameraPermission | null> {
  if (typeof nav?.permissions?.query !== 'function') return null;
  try {
    const status = await nav.permissions.query({ name: 'camera' as PermissionName });
    return status.state === 'granted' || status.state === 'denied' || status.state === 'prompt'
      ? status.state
      : null;
  } catch {
    return null;
  }
}
