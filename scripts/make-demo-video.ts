import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeVtt } from "../app/utils/captions";

// Makes the demo academy's one uploaded lesson video (issue 38) and its
// captions: a short guided breath spoken by Debian's espeak-ng over a calm
// gradient, encoded by ffmpeg as a small WebM (VP8 + Opus), with cue times
// measured from each spoken sentence, so the captions match the sound exactly.
//   npx tsx scripts/make-demo-video.ts      (needs espeak-ng and ffmpeg)
// Writes content/media/grounding-breath.webm and grounding-breath.en.vtt.

const SENTENCES = [
  "Welcome to a one minute grounding practice.",
  "Sit with both feet flat on the floor, and let your hands rest.",
  "Breathe in slowly, for a count of four.",
  "Now breathe out for a count of six. The longer out breath tells your body that it is safe.",
  "Notice the weight of your body on the chair.",
  "Silently set your intention: may I see clearly, speak kindly, and serve this person's highest good.",
  "When you are ready, open your eyes, and begin your reading.",
];
const PAUSE_SECONDS = 0.6;
const OUT_DIR = path.resolve(import.meta.dirname, "../content/media");

const work = fs.mkdtempSync(path.join(os.tmpdir(), "demo-video-"));
const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: ["ignore", "pipe", "inherit"] }).toString();
const duration = (file: string) => Number(run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]).trim());

try {
  const silence = path.join(work, "silence.wav");
  run("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", `anullsrc=r=22050:cl=mono`, "-t", String(PAUSE_SECONDS), silence]);
  const parts: string[] = [];
  const cues = [];
  let at = PAUSE_SECONDS;
  parts.push(silence);
  for (const [index, sentence] of SENTENCES.entries()) {
    const wav = path.join(work, `line-${index}.wav`);
    // A calm pace (words per minute) in a neutral English voice.
    run("espeak-ng", ["-v", "en-gb", "-s", "140", "-w", wav, sentence]);
    const seconds = duration(wav);
    cues.push({ start: Math.round(at * 1000) / 1000, end: Math.round((at + seconds) * 1000) / 1000, text: sentence });
    at += seconds + PAUSE_SECONDS;
    parts.push(wav, silence);
  }
  const list = path.join(work, "list.txt");
  fs.writeFileSync(list, parts.map((file) => `file '${file}'`).join("\n"));
  const voice = path.join(work, "voice.wav");
  run("ffmpeg", ["-v", "error", "-f", "concat", "-safe", "0", "-i", list, "-ar", "22050", "-ac", "1", voice]);
  const total = duration(voice);
  const video = path.join(OUT_DIR, "grounding-breath.webm");
  run("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `gradients=s=480x270:c0=0x1e1b4b:c1=0x5b21b6:x0=0:y0=0:x1=480:y1=270:speed=0.01:r=8:d=${total}`,
    "-i", voice,
    "-vf", "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf:text='Grounding breath':fontcolor=0xf5f3ff:fontsize=30:x=(w-text_w)/2:y=(h-text_h)/2,format=yuv420p",
    "-c:v", "libvpx", "-b:v", "40k", "-crf", "40", "-g", "80",
    "-c:a", "libopus", "-b:a", "24k", "-ac", "1",
    "-shortest", video,
  ]);
  fs.writeFileSync(path.join(OUT_DIR, "grounding-breath.en.vtt"), writeVtt(cues));
  console.log(`Wrote ${path.relative(process.cwd(), video)} (${fs.statSync(video).size} bytes, ${total.toFixed(1)} s) and its captions (${cues.length} cues).`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
