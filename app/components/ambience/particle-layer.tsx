import { lazy, Suspense, useEffect, useState } from "react";
import { particleLayerState } from "~/utils/particles";

// The canvas code is its own chunk: visitors with the layer off (or who prefer
// reduced motion) never download it.
const ParticleCanvas = lazy(() => import("./particle-canvas"));

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Background particles when the toggle is on and motion is welcome; renders nothing on the server. */
export function ParticleLayer({ particleEffects }: { particleEffects: boolean }) {
  const [environment, setEnvironment] = useState<{ prefersReducedMotion: boolean; documentHidden: boolean } | null>(null);

  useEffect(() => {
    const motion = window.matchMedia(REDUCED_MOTION);
    const update = () => setEnvironment({ prefersReducedMotion: motion.matches, documentHidden: document.hidden });
    update();
    motion.addEventListener("change", update);
    document.addEventListener("visibilitychange", update);
    return () => {
      motion.removeEventListener("change", update);
      document.removeEventListener("visibilitychange", update);
    };
  }, []);

  if (!environment) return null;
  const state = particleLayerState({ particleEffects, ...environment });
  if (state === "absent") return null;
  return (
    <Suspense fallback={null}>
      <ParticleCanvas paused={state === "paused"} />
    </Suspense>
  );
}
