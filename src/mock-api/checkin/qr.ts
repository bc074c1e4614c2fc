import QRCode from 'qrcode';
import type { ServiceContext } from '../context';
import { notFound } from '../../http/errors';
import { webCheckinUrl } from './urls';

export async function checkinQrSvg(ctx: ServiceContext, request: Request, slug: string): Promise<Response> {
  if (!ctx.store.findOne('checkin_lists', 'bySlug', slug)) throw notFound();
  const svg = await QRCode.toString(webCheckinUrl(ctx, request, slug), { type: 'svg', margin: 2 });
  return new Response(svg, {
    headers: {
      'content-type': 'image/svg+xml',
      'cache-control': 'no-cache',
    },
  });
}
