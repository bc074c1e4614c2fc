// Sound and vibration for verdicts: distinct per tone so staff can hear a result without
// looking. Both fail silently where the platform has no support; the screen still says it.
import type { Tone } from '../domain/verdict';

const SOUNDS: Record<Tone, { freq: number; ms: number; type: OscillatorType }[]> = {
  go: [{ freq: 1046, ms: 120, type: 'sine' }],
  caution: [
    { freq: 660, ms: 110, type: 'triangle' },
    { freq: 660, ms: 110, type: 'triangle' },
  ],
  stop: [{ freq: 196, ms: 420, type: 'square' }],
  info: [{ freq: 784, ms: 90, type: 'sine' }],
  // A soft falling pair: calm, but never the single bright note of an admission.
  look: [
    { freq: 880, ms: 110, type: 'sine' },
    { freq: 587, ms: 200, type: 'sine' },
  ],
};

const VIBRATIONS: Record<Tone, number[]> = {
  go: [70],
  caution: [120, 80, 120],
  stop: [400, 100, 400],
  info: [40],
  look: [40, 60, 40, 60, 40],
};

let audio: AudioContext | null = null;

function context(): AudioContext | null {
  if (audio) return audio;
  const Ctor =
    globalThis.AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  audio = Ctor ? new Ctor() : null;
  return audio;
}

export function playTone(tone: Tone): void {
  const ctx = context();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  let at = ctx.currentTime;
  for (const note of SOUNDS[tone]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = note.type;
    osc.frequency.value = note.freq;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + note.ms / 1000);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + note.ms / 1000 + 0.02);
    at += note.ms / 1000 + 0.06;
  }
}

/**
 * The beep of a door asked to show who it is: short and high, unlike any verdict's, so a room
 * of doors can tell which one called.
 */
export function playIdentify(): void {
  const ctx = context();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  const at = ctx.currentTime;
  osc.type = 'sine';
  osc.frequency.value = 1568;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.4, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + 0.2);
}

export function vibrate(tone: Tone): void {
  navigator.vibrate?.(VIBRATIONS[tone]);
}
