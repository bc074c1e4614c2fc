// The header's connection pill: the browser's word, unless the door's own requests found its
// service out of reach (a venue network without an uplink is "online" to the browser).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatusPill } from '../../../src/ui/components/StatusPill';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the header’s connection pill', () => {
  it('says "Online" only while the door’s service answers', () => {
    expect(text(renderToStaticMarkup(<StatusPill />))).toBe('Online');
    expect(text(renderToStaticMarkup(<StatusPill reachable />))).toBe('Online');
    const out = renderToStaticMarkup(<StatusPill reachable={false} />);
    expect(text(out)).toBe('Service unreachable');
    expect(out).toContain('pill--warn');
  });
});
