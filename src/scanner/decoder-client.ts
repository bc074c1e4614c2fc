// The page's side of the QR decoder's worker (decoder-worker.ts): one worker a page, kept while
// the camera stops and starts again. Guarantees: every frame asked for is answered once, with
// the text read or null; a worker that could not load answers null to everything asked of it
// (and to anything asked later), and the next `decoder()` makes a new one.
import type { FrameRead, FrameToRead } from './decoder-worker';
import { warmUpFrame } from './warm-up-code';

export interface Decoder {
  worker: Worker;
  failed: boolean;
  /** The worker could not take a camera frame's pixels: frames are drawn on the page instead. */
  noVideoFrames: boolean;
  /** Reads asked for and not yet answered, by frame id. */
  waiting: Map<number, (text: string | null) => void>;
}

let current: Decoder | null = null;
let frameIds = 0;

/** The decoder's worker: the one running, or a new one after a failure. */
function decoder(): Decoder {
  if (current && !current.failed) return current;
  const worker = new Worker(new URL('./decoder-worker.ts', import.meta.url), {
    type: 'module',
    name: 'qr-decoder',
  });
  const made: Decoder = { worker, failed: false, noVideoFrames: false, waiting: new Map() };
  worker.addEventListener('message', (event: MessageEvent<FrameRead>) => {
    if (event.data.unreadableVideo) made.noVideoFrames = true;
    made.waiting.get(event.data.id)?.(event.data.text);
    made.waiting.delete(event.data.id);
  });
  // A worker that could not load answers nothing: its reads end as null, the camera's start
  // reports it, and the next start makes a new worker.
  worker.addEventListener('error', () => {
    made.failed = true;
    for (const answer of made.waiting.values()) answer(null);
    made.waiting.clear();
  });
  current = made;
  return made;
}

/** A frame to read, without its id. */
export type FrameToAsk = FrameToRead extends infer F
  ? F extends FrameToRead
    ? Omit<F, 'id'>
    : never
  : never;

/**
 * One frame read in the worker: the text, or null (nothing read, or no decoder). Its pixels
 * (or the camera's frame) are transferred, not copied: the page must not use them after.
 */
export function readFrame(made: Decoder, frame: FrameToAsk): Promise<string | null> {
  if (made.failed) {
    if ('video' in frame) frame.video.close();
    return Promise.resolve(null);
  }
  const id = ++frameIds;
  return new Promise((resolve) => {
    made.waiting.set(id, resolve);
    made.worker.postMessage({ id, ...frame } as FrameToRead, [
      'video' in frame ? frame.video : frame.pixels.buffer,
    ]);
  });
}

/**
 * The decoder's worker, asked to read its warm-up code (warm-up-code.ts) as its first frame:
 * answered once its code has loaded and the path a camera frame takes has run once, so the
 * first frame of the picture does not pay for compiling it.
 */
export function warmDecoder(): { made: Decoder; warm: Promise<string | null> } {
  const made = decoder();
  const warm = readFrame(made, { ...warmUpFrame(), alsoInverted: false, warmUp: true });
  return { made, warm };
}
