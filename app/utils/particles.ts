/** What the background particle layer does: not there at all, drawn but still, or moving. */
export type ParticleLayerState = "absent" | "paused" | "running";

/**
 * The member's toggle and the visitor's motion preference decide whether the
 * layer exists (and its code is downloaded); a hidden tab only pauses it.
 */
export function particleLayerState({
  particleEffects,
  prefersReducedMotion,
  documentHidden,
}: {
  particleEffects: boolean;
  prefersReducedMotion: boolean;
  documentHidden: boolean;
}): ParticleLayerState {
  if (!particleEffects || prefersReducedMotion) return "absent";
  return documentHidden ? "paused" : "running";
}

/** Few enough to cost next to nothing on a phone. */
export const PARTICLE_COUNT = 36;
