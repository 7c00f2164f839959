import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Debian's ffprobe and ffmpeg, for captions (issue 38): a video's length (so a
// caption file cannot run past it) and its sound as small audio pieces for a
// speech-to-text provider. Arguments go as an array (no shell).

const PROBE_TIMEOUT_MS = 15_000;
// Extracting an hour of sound takes seconds, not minutes; past this something is wrong.
const EXTRACT_TIMEOUT_MS = 10 * 60_000;

function run(command: string, args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed: ${String(stderr).trim().split("\n").slice(-3).join(" ") || error.message}`));
      else resolve(String(stdout));
    });
  });
}

/** A media file's length in seconds, or null when it cannot be told (no ffprobe, no such file, no duration). */
export async function mediaDurationSeconds(file: string): Promise<number | null> {
  try {
    const out = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=noprint_wrappers=1:nokey=1", file], PROBE_TIMEOUT_MS);
    const seconds = Number(out.trim());
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}

export interface AudioPiece {
  file: string;
  /** Where the piece starts in the video, in seconds. */
  offset: number;
}

export interface ExtractedAudio {
  pieces: AudioPiece[];
  /** Removes the pieces; call when done with them. */
  cleanUp: () => void;
}

/**
 * The video's sound as mono 16 kHz Opus (about 24 kbit/s: speech stays clear,
 * an hour is ~11 MB) in pieces of at most `pieceSeconds`, so each upload stays
 * under the provider's limit. Throws when ffmpeg is missing or the file has no sound.
 */
export async function extractAudioPieces(video: string, pieceSeconds: number): Promise<ExtractedAudio> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-audio-"));
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    const list = path.join(dir, "pieces.csv");
    await run(
      "ffmpeg",
      [
        "-nostdin",
        "-v",
        "error",
        "-i",
        video,
        "-vn",
        "-ac",
        "1",
        "-ar",
        "16000",
        "-c:a",
        "libopus",
        "-b:a",
        "24k",
        "-f",
        "segment",
        "-segment_time",
        String(pieceSeconds),
        "-segment_list",
        list,
        "-segment_list_type",
        "csv",
        "-reset_timestamps",
        "1",
        path.join(dir, "piece-%03d.ogg"),
      ],
      EXTRACT_TIMEOUT_MS,
    );
    // Each line: file name, start time, end time (seconds).
    const pieces = fs
      .readFileSync(list, "utf8")
      .split("\n")
      .map((line) => line.trim().split(","))
      .filter((fields) => fields.length >= 3 && fields[0])
      .map(([name, start]) => ({ file: path.join(dir, path.basename(name ?? "")), offset: Number(start) }))
      .filter((piece) => Number.isFinite(piece.offset) && fs.existsSync(piece.file));
    if (pieces.length === 0) throw new Error("ffmpeg found no sound in this video");
    return { pieces, cleanUp };
  } catch (error) {
    cleanUp();
    throw error;
  }
}
