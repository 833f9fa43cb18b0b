// What a phone or a speaker adds: short sounds (off by default; the toggle is remembered), a
// vibration when your turn comes (where the device has one and the page was touched), and
// whether animations run (not under prefers-reduced-motion).

const KEY = 'inbetween.sound';

let ctx: AudioContext | null = null;

export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSound(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    /* private mode: for this page only */
  }
}

export type Sound = 'card' | 'chips' | 'turn' | 'win' | 'lose';

const NOTES: Record<Sound, [number, number][]> = {
  card: [[900, 0.03]],
  chips: [[1500, 0.025], [1800, 0.025]],
  turn: [[660, 0.09], [880, 0.12]],
  win: [[523, 0.08], [659, 0.08], [784, 0.14]],
  lose: [[330, 0.12], [247, 0.18]],
};

/** A short synthesized sound (no files to fetch), when sounds are on. */
export function play(sound: Sound): void {
  if (!soundOn()) return;
  try {
    ctx ??= new AudioContext();
    let t = ctx.currentTime;
    for (const [freq, len] of NOTES[sound]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      osc.type = sound === 'card' || sound === 'chips' ? 'triangle' : 'sine';
      gain.gain.setValueAtTime(0.12, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + len);
      t += len;
    }
  } catch {
    /* no audio here */
  }
}

/** A short buzz, where supported and allowed (after the person touched the page). */
export function buzz(): void {
  const nav = navigator as Navigator & { userActivation?: { hasBeenActive: boolean } };
  if (typeof nav.vibrate !== 'function' || nav.userActivation?.hasBeenActive === false) return;
  try {
    nav.vibrate([120, 60, 120]);
  } catch {
    /* not here */
  }
}

export function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** A touch screen without a keyboard to speak of: the page names no keys there. */
export function touchScreen(): boolean {
  return window.matchMedia?.('(hover: none), (pointer: coarse)').matches ?? false;
}
