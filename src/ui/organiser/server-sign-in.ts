// Signing in to the Node server this page came from: its one-time code is spent once per page
// (React may run an effect twice; a second POST would find the code used), and the token it
// gives becomes this device's organiser connection.
import type { Failure, Result } from '../../domain/result';
import { type SignedIn, redeemSignInCode } from '../../api/service-info';
import { t } from '../i18n/t';
import { saveConnection } from './connection';

const redemptions = new Map<string, Promise<Result<SignedIn>>>();

export function signInToThisServer(code: string): Promise<Result<SignedIn>> {
  let pending = redemptions.get(code);
  if (!pending) {
    pending = redeemSignInCode(location.origin, code, (request) => fetch(request)).then((result) => {
      if (result.ok) {
        const { token, mode, version } = result.value;
        saveConnection({ kind: 'server', token, host: location.host, mode, version });
      }
      return result;
    });
    redemptions.set(code, pending);
  }
  return pending;
}

/** Why a sign-in failed, in the server's words where it gave them. */
export function describeSignInFailure(failure: Failure): string {
  if (failure.reason === 'network' || failure.reason === 'timeout') return t('orgSignInUnreachable');
  if (failure.reason === 'rate-limited')
    return t('orgSignInRateLimited', { seconds: Math.ceil((failure.retryAfterMs ?? 60_000) / 1000) });
  if (failure.status === 404 || failure.status === 405) return t('orgSignInNotServer');
  return failure.detail ?? t('orgSignInFailed');
}
