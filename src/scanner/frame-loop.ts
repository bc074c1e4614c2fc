// The camera's decode loop on the page: it hands frames of the <video> to the decoder's worker
// (decoder-client.ts), the camera's own frames where the browser can, else copies drawn on a
// canvas. Guarantees: one frame in the worker at a time; no
// read is handed on after a pause or a stop, and a loop resumed meanwhile is the only one that
// goes on; only frames of its own stream are copied.
import type { IScannerControls } from '@zxing/browser';
import { type Decoder, type FrameToAsk, readFrame } from './decoder-client';
import { attemptAt } from './frame-pixels';
import { readableFormat } from './video-frame-pixels';

/**
 * Between decode attempts. The reader's default is 500 ms; a queue at the door cannot wait,
 * nor can the fast lane after a read: the next guest's code may be in view for half a second.
 */
const SCAN_DELAY_MS = 40;

/**
 * How long the sign that a frame was read (`onFrameRead`) waits when the frame held a code: the
 * door's readiness it feeds (a store update, the platform read again) is no hurry, and on the
 * first frame after the camera opened it ran in the very stretch the guest waits for the verdict.
 */
const AFTER_A_READ_MS = 500;

/** The loop: paused and resumed as the camera is; stopped once, with the reader's finalisation. */
export interface FrameLoop extends IScannerControls {
  pause(): void;
  resume(): void;
}

/**
 * The decode loop: each attempt hands the worker the frame (attemptAt: a half-size copy first,
 * read normal and inverted, the whole frame every other attempt; after a read, the half-size
 * copy again) and the worker reads it; one frame is in the worker at a time. (The decoder itself is patched: patches/README.md.)
 */
export function frameLoop(
  video: HTMLVideoElement,
  stream: MediaStream,
  made: Decoder,
  onRead: (text: string) => void,
  finalize?: () => void,
  /**
   * After each frame of the picture the decoder has read, with a code in it or not; for a frame
   * with a code, half a second after the code is handed on (AFTER_A_READ_MS).
   */
  onFrameRead?: () => void,
): FrameLoop {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  // Where the browser has WebCodecs, the camera's frame itself goes to the worker, which takes
  // its luminance (video-frame-pixels.ts): the page draws nothing and reads nothing back. A
  // frame of a format the worker cannot read, or a worker that could not read one, and the page
  // draws its frames on a canvas from then on.
  let videoFrames = typeof VideoFrame === 'function';
  const cameraFrame = (): VideoFrame | null => {
    if (!videoFrames || made.noVideoFrames) return null;
    try {
      const frame = new VideoFrame(video);
      if (readableFormat(frame.format)) return frame;
      frame.close();
    } catch {
      // No frame to be had this way (none decoded yet, or a picture the browser will not share).
      return null;
    }
    videoFrames = false;
    return null;
  };
  const grab = (n: number): FrameToAsk | null => {
    if (
      video.srcObject !== stream ||
      video.videoWidth === 0 ||
      video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA
    )
      return null;
    const { scale, alsoInverted } = attemptAt(n);
    const frame = cameraFrame();
    if (frame) return { video: frame, scale, alsoInverted };
    if (!context) return null;
    const width = Math.round(video.videoWidth * scale);
    const height = Math.round(video.videoHeight * scale);
    // Set only when it changes: setting a canvas's size clears and reallocates it.
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return { pixels: data, width, height, alsoInverted };
  };
  // `generation` changes with every halt: a read that comes back after a pause or a stop is
  // dropped, and a loop resumed meanwhile is the only one that goes on.
  let running = false;
  let stopped = false;
  let generation = 0;
  let timer: number | undefined;
  let attempts = 0;
  const tick = async (mine: number) => {
    timer = undefined;
    // Halted (or halted and resumed) between being asked for and running: the loop asked since goes on.
    if (mine !== generation || !running) return;
    let text: string | null = null;
    let read = false;
    try {
      const frame = grab(attempts++);
      if (frame) {
        text = await readFrame(made, frame);
        read = true;
      }
    } catch {
      // A frame the canvas cannot take (the track ending between frames): the next one may.
    }
    const current = mine === generation && running;
    // A frame with a code in it: its verdict first, the sign that the picture reads after it.
    if (read && current && text !== null) window.setTimeout(() => onFrameRead?.(), AFTER_A_READ_MS);
    else if (read) onFrameRead?.();
    if (!current) return;
    if (text !== null) {
      // The attempt after a read is the cheap half-size one again: the whole frame (four times
      // the pixels) would be read while the verdict is drawn, most often of the same code.
      attempts = 0;
      onRead(text);
    }
    // Stopped (or paused) by onRead itself: no next attempt.
    if (mine === generation && running) timer = window.setTimeout(() => void tick(mine), SCAN_DELAY_MS);
  };
  const halt = () => {
    running = false;
    generation++;
    window.clearTimeout(timer);
    timer = undefined;
  };
  const decode = () => {
    if (running || stopped) return;
    running = true;
    const mine = ++generation;
    // The first attempt at once, not behind a timer: the camera has just started (or woken), and
    // the frame in view goes to the worker before the page's work on the camera's start (its
    // state drawn, its cameras listed), which would otherwise run first and hold it back.
    queueMicrotask(() => void tick(mine));
  };
  decode();
  return {
    pause: halt,
    resume: decode,
    stop() {
      if (stopped) return;
      stopped = true;
      halt();
      // The reader's finalisation: the stream's tracks stopped, the <video> let go of it. A
      // <video> a newer start has taken meanwhile (a restart while this one was opening) keeps
      // its picture: only this stream stops.
      if (video.srcObject === stream) finalize?.();
      else for (const track of stream.getTracks()) track.stop();
    },
  };
}
