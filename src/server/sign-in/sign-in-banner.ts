// The lines the server prints for the organiser's sign-in link: the link, how long it lasts,
// how to get another, and its QR code drawn in the terminal for a laptop's or phone's camera.
import QRCode from 'qrcode';
import type { SignInLink } from './organiser-sign-in';

export async function signInBanner(
  link: SignInLink,
  options: { exposed: boolean; interactive: boolean },
): Promise<string> {
  const minutes = Math.round((link.expiresAt.getTime() - Date.now()) / 60_000);
  const qr = await QRCode.toString(link.url, { type: 'terminal', small: true, errorCorrectionLevel: 'L' });
  const again = options.interactive
    ? 'press Enter here for a new link'
    : 'restart the server for a new link (or POST /__service/sign-in-links with the control token)';
  return [
    `  Organiser:    ${link.url}`,
    `                open it once${options.exposed ? '' : ' on this computer'} to sign in; valid ${minutes} minutes, one use; ${again}.`,
    qr.trimEnd(),
  ].join('\n');
}
