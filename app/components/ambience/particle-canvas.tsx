import { useEffect, useRef } from "react";
import { PARTICLE_COUNT } from "~/utils/particles";

// Loaded only when the layer is on (see particle-layer.tsx): slow motes of the
// theme's accent colour drifting up behind the page.

const FRAME_MS = 1000 / 30 - 2;

interface Mote {
  x: number;
  y: number;
  radius: number;
  rise: number;
  phase: number;
}

function scatter(width: number, height: number): Mote[] {
  return Array.from({ length: PARTICLE_COUNT }, () => ({
    x: Math.random() * width,
    y: Math.random() * height,
    radius: 0.6 + Math.random() * 1.6,
    rise: 6 + Math.random() * 14,
    phase: Math.random() * Math.PI * 2,
  }));
}

/** The theme's variables as the page has them now (the picker previews by changing them). */
function readThemeVariables() {
  const style = getComputedStyle(document.documentElement);
  const speed = Number.parseFloat(style.getPropertyValue("--animation-speed"));
  return {
    accent: style.getPropertyValue("--color-accent").trim() || "251 191 36",
    speed: Number.isFinite(speed) && speed > 0 ? speed : 1,
  };
}

export default function ParticleCanvas({ paused }: { paused: boolean }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const motes = useRef<Mote[]>([]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context || paused) return;

    let width = 0;
    let height = 0;
    const resize = () => {
      const ratio = window.devicePixelRatio || 1;
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      if (motes.current.length === 0) motes.current = scatter(width, height);
    };
    resize();
    window.addEventListener("resize", resize);

    let frame = 0;
    let last = performance.now();
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      // Slow motes look the same at 30 frames a second, for half the work (the blurred cards above repaint too).
      if (now - last < FRAME_MS) return;
      const seconds = Math.min(now - last, 100) / 1000; // no jump after a stall
      last = now;
      const { accent, speed } = readThemeVariables();
      context.clearRect(0, 0, width, height);
      for (const mote of motes.current) {
        mote.y -= mote.rise * speed * seconds;
        mote.phase += seconds * speed;
        if (mote.y < -4) {
          mote.y = height + 4;
          mote.x = Math.random() * width;
        }
        const x = mote.x + Math.sin(mote.phase) * 6;
        context.fillStyle = `rgb(${accent} / ${(0.25 + 0.35 * (1 + Math.sin(mote.phase * 1.7)) / 2).toFixed(2)})`;
        context.beginPath();
        context.arc(x, mote.y, mote.radius, 0, Math.PI * 2);
        context.fill();
      }
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", resize);
    };
  }, [paused]);

  return (
    <canvas
      ref={canvasRef}
      data-testid="particle-layer"
      data-state={paused ? "paused" : "running"}
      aria-hidden
      className="pointer-events-none fixed inset-0 -z-10 h-full w-full"
    />
  );
}
