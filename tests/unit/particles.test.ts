import { describe, expect, it } from "vitest";
import { particleLayerState } from "~/utils/particles";

describe("the background particle layer", () => {
  it("runs when the toggle is on, motion is welcome and the tab is visible", () => {
    expect(particleLayerState({ particleEffects: true, prefersReducedMotion: false, documentHidden: false })).toBe("running");
  });

  it("pauses, but stays, while the tab is hidden", () => {
    expect(particleLayerState({ particleEffects: true, prefersReducedMotion: false, documentHidden: true })).toBe("paused");
  });

  it("is absent when the toggle is off or the visitor prefers reduced motion", () => {
    expect(particleLayerState({ particleEffects: false, prefersReducedMotion: false, documentHidden: false })).toBe("absent");
    expect(particleLayerState({ particleEffects: true, prefersReducedMotion: true, documentHidden: false })).toBe("absent");
    expect(particleLayerState({ particleEffects: false, prefersReducedMotion: true, documentHidden: true })).toBe("absent");
  });
});
