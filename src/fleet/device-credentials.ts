// A door's credential: `dev_` and 40 base-62 characters (about 238 bits) from the platform's
// cryptographic generator, handed to the device once when it joins. The server keeps only its
// SHA-256 digest and finds a device by that digest, so the fleet's file opens nothing by itself
// and a lookup's timing says nothing about how close a guess came.
import { createHash } from 'node:crypto';
import { DEVICE_AUTH_SCHEME, DEVICE_CREDENTIAL_PREFIX } from './fleet-protocol';
import { secretString } from '../platform/secrets';

const CREDENTIAL_CHARS = 40;
/** What a credential looks like; anything else is not looked up. */
export const CREDENTIAL_PATTERN = /^dev_[0-9A-Za-z]{40}$/;

export function newCredential(): string {
  return secretString(CREDENTIAL_CHARS, undefined, DEVICE_CREDENTIAL_PREFIX);
}

export function credentialDigest(credential: string): string {
  return createHash('sha256').update(credential).digest('base64url');
}

/** The credential of `Authorization: Device <credential>`, or null. */
export function credentialFromHeader(header: string | null): string | null {
  if (!header || header.length > 200) return null;
  const match = new RegExp(`^\\s*${DEVICE_AUTH_SCHEME}\\s+(\\S+)\\s*$`, 'i').exec(header);
  const credential = match?.[1] ?? '';
  return CREDENTIAL_PATTERN.test(credential) ? credential : null;
}
