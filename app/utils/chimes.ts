// Short chimes synthesised with WebAudio (no audio files), played on a
// member's successes when their sound effects are on.

export const CHIME_KINDS = ["lesson", "certificate", "post"] as const;
export type ChimeKind = (typeof CHIME_KINDS)[number];

// Notes in Hz: a rising pair for a lesson, a small arpeggio for a
// certificate, a single soft bell for a post.
const MELODIES: Record<ChimeKind, number[]> = {
  lesson: [659.25, 987.77],
  certificate: [523.25, 659.25, 783.99, 1046.5],
  post: [880],
};

let audio: AudioContext | null = null;

/**
 * Plays a chime. Browsers allow sound only after the person has interacted
 * with the page, so without that (e.g. right after a full page load) it stays silent.
 */
export function playChime(kind: ChimeKind): void {
  if (typeof window === "undefined" || !("AudioContext" in window)) return;
  if (!navigator.userActivation?.hasBeenActive) return;
  audio ??= new AudioContext();
  void audio.resume();
  const start = audio.currentTime + 0.02;
  MELODIES[kind].forEach((frequency, index) => {
    if (!audio) return;
    const at = start + index * 0.11;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = "sine";
    oscillator.frequency.value = frequency;
    // A quick attack and a bell-like exponential fade.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.65);
  });
}
