// Where a check-in list can be opened: the door app's join address and its QR code.
import type { ServiceContext } from '../context';

/** `<app origin>/checkin_lists/<slug>`: opening it on a phone joins that list in the door app. */
export function webCheckinUrl(ctx: ServiceContext, request: Request, slug: string): string {
  const origin = ctx.config.appOrigin ?? serviceOrigin(ctx, request);
  return `${origin}/checkin_lists/${encodeURIComponent(slug)}`;
}

/** An SVG QR code of the web check-in address, served by the mock itself. */
export function qrCodeUrl(ctx: ServiceContext, request: Request, slug: string): string {
  return `${serviceOrigin(ctx, request)}/__mock/qr/checkin_lists/${encodeURIComponent(slug)}.svg`;
}

/** The configured public address; the request's origin only in the in-app service (no network). */
function serviceOrigin(ctx: ServiceContext, request: Request): string {
  return ctx.config.publicOrigin ?? new URL(request.url).origin;
}
