// Short beeps made with WebAudio oscillators (no sound files): my turn starting, a commit
// the server refused, time running low. Off by default (settings.ts); played only when on.
//
// Each sound played is also appended to `window.__sounds` (its name), so that a test can
// see that a sound was played without listening to it.
import { readSettings } from "./settings";

export type SoundName = "turn" | "invalid" | "low";

// [frequency Hz, start s, length s] per note.
const NOTES: Record<SoundName, [number, number, number][]> = {
  turn: [[660, 0, 0.12], [880, 0.13, 0.16]],
  invalid: [[220, 0, 0.14], [180, 0.15, 0.2]],
  low: [[990, 0, 0.08], [990, 0.16, 0.08]],
};

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined" || !("AudioContext" in window)) return null;
  ctx ??= new AudioContext();
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

export function play(name: SoundName) {
  if (!readSettings().sound) return;
  const w = window as unknown as { __sounds?: string[] };
  (w.__sounds ??= []).push(name);
  const a = audio();
  if (!a) return;
  const now = a.currentTime;
  for (const [freq, start, length] of NOTES[name]) {
    const osc = a.createOscillator();
    const gain = a.createGain();
    osc.type = name === "invalid" ? "square" : "sine";
    osc.frequency.value = freq;
    // A short attack and decay: no clicks.
    gain.gain.setValueAtTime(0.0001, now + start);
    gain.gain.exponentialRampToValueAtTime(0.18, now + start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    osc.connect(gain).connect(a.destination);
    osc.start(now + start);
    osc.stop(now + start + length + 0.02);
  }
}

/** Called from the click that turns sounds on: browsers start audio only after a gesture. */
export function unlockAudio() {
  audio();
}
