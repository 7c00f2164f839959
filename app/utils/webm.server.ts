import fs from "node:fs";
import type { FileHandle } from "node:fs/promises";

// Makes a browser's MediaRecorder WebM seekable, without ffmpeg.
//
// Chromium's MediaRecorder writes a "live" WebM: the Segment and every
// Cluster have an unknown size, Info has no Duration and there are no Cues,
// so a player shows no length and cannot seek. `rewriteSeekableWebm` reads
// such a file once (element headers only; frame data is skipped) and writes a
// copy with known sizes, a SeekHead, Info with Duration, Tracks, Cues (one
// cue per cluster that holds a keyframe) and the clusters' frames copied
// byte for byte. Memory stays small whatever the file's size. A file cut off
// mid-frame (a crash) is kept up to its last whole frame.

export class WebmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebmError";
  }
}

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  BlockDuration: 0x9b,
  ReferenceBlock: 0xfb,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Void: 0xec,
  Tags: 0x1254c367,
  Chapters: 0x1043a770,
  Attachments: 0x1941a469,
} as const;

/** Elements that end a Cluster of unknown size when they appear. */
const TOP_LEVEL = new Set<number>([
  ID.EBML,
  ID.Segment,
  ID.SeekHead,
  ID.Info,
  ID.Tracks,
  ID.Cluster,
  ID.Cues,
  ID.Tags,
  ID.Chapters,
  ID.Attachments,
]);
/** Level-1 elements copied as they are. */
const KEPT = new Set<number>([ID.Tags, ID.Chapters, ID.Attachments]);
const VIDEO_TRACK = 1;
/** Info, Tracks, Tags and the like are small; a bigger one means the file is not what we think. */
const HEADER_ELEMENT_MAX = 4 * 1024 * 1024;
const DEFAULT_TIMECODE_SCALE = 1_000_000; // ns per tick: ticks are milliseconds
const WINDOW_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

/**
 * Positional reads through a sliding window, so a front-to-back scan reads
 * each byte once. Asynchronous: the live rooms share this process, and a
 * long recording must not stall them while it is finalised.
 */
class WindowReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;

  constructor(
    private readonly file: FileHandle,
    readonly size: number,
  ) {}

  /** Up to `length` bytes from `position` (fewer at the end of the file). */
  async read(position: number, length: number): Promise<Buffer> {
    const end = Math.min(position + length, this.size);
    if (position >= end) return Buffer.alloc(0);
    if (position < this.windowStart || end > this.windowStart + this.window.length) {
      const want = Math.min(Math.max(end - position, WINDOW_BYTES), this.size - position);
      const buffer = Buffer.allocUnsafe(want);
      let filled = 0;
      while (filled < want) {
        const { bytesRead } = await this.file.read(buffer, filled, want - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      this.window = buffer.subarray(0, filled);
      this.windowStart = position;
    }
    return this.window.subarray(position - this.windowStart, end - this.windowStart);
  }
}

interface ElementHeader {
  id: number;
  /** null: unknown size (a live stream's Segment or Cluster). */
  size: number | null;
  start: number;
  dataStart: number;
}

function vintLength(first: number): number {
  for (let length = 1; length <= 8; length += 1) {
    if (first & (0x80 >> (length - 1))) return length;
  }
  return 0;
}

/** The element header at `position`, or null when the file ends inside it or it is not EBML. */
async function readHeader(reader: WindowReader, position: number): Promise<ElementHeader | null> {
  return parseHeader(await reader.read(position, 12), position);
}

/** The element header at the start of `bytes` (which sit at `position` in their file). */
function parseHeader(bytes: Buffer, position: number): ElementHeader | null {
  if (bytes.length < 2) return null;
  const idLength = vintLength(bytes[0] ?? 0);
  if (idLength === 0 || idLength > 4 || bytes.length < idLength + 1) return null;
  let id = 0;
  for (let index = 0; index < idLength; index += 1) id = id * 256 + (bytes[index] ?? 0);
  const sizeFirst = bytes[idLength] ?? 0;
  const sizeLength = vintLength(sizeFirst);
  if (sizeLength === 0 || bytes.length < idLength + sizeLength) return null;
  const mask = 0xff >> sizeLength;
  let size = sizeFirst & mask;
  let allOnes = size === mask;
  for (let index = 1; index < sizeLength; index += 1) {
    const byte = bytes[idLength + index] ?? 0;
    size = size * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { id, size: allOnes || size > Number.MAX_SAFE_INTEGER ? null : size, start: position, dataStart: position + idLength + sizeLength };
}

function readUint(bytes: Buffer): number {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

function readFloat(bytes: Buffer): number | null {
  if (bytes.length === 4) return bytes.readFloatBE(0);
  if (bytes.length === 8) return bytes.readDoubleBE(0);
  return null;
}

/** The children of an element held in memory. */
function* children(data: Buffer): Generator<{ id: number; payload: Buffer; raw: Buffer }> {
  let position = 0;
  while (position < data.length) {
    const header = parseHeader(data.subarray(position, position + 12), position);
    if (!header || header.size === null) throw new WebmError("malformed header element");
    const end = header.dataStart + header.size;
    if (end > data.length) throw new WebmError("malformed header element");
    yield { id: header.id, payload: data.subarray(header.dataStart, end), raw: data.subarray(position, end) };
    position = end;
  }
}

interface ClusterPlan {
  /** Byte ranges of the source to copy into the rewritten cluster: its Timecode and frames. */
  ranges: Array<[number, number]>;
  payloadSize: number;
  /** Ticks of the cluster's first keyframe on the cue track, if it has one. */
  cueTime: number | null;
}

export interface WebmLayout {
  ebmlHeader: Buffer;
  /** Info's children other than Duration. */
  infoChildren: Buffer[];
  timecodeScale: number;
  tracks: Buffer;
  kept: Buffer[];
  clusters: ClusterPlan[];
  cueTrack: number;
  /** The end of the last frame, in ticks. */
  endTicks: number;
  /** What the file already had. */
  existing: { durationTicks: number | null; cuePoints: number; segmentSizeKnown: boolean; truncated: boolean };
}

async function readWhole(reader: WindowReader, header: ElementHeader, what: string): Promise<Buffer> {
  if (header.size === null || header.size > HEADER_ELEMENT_MAX) throw new WebmError(`${what} is not a size we can read`);
  const data = await reader.read(header.dataStart, header.size);
  if (data.length < header.size) throw new WebmError(`the file ends inside ${what}`);
  return Buffer.from(data);
}

interface Frame {
  track: number;
  time: number;
  keyframe: boolean;
  /** Ticks, when the file says (BlockDuration); else 0. */
  duration: number;
}

/** A Block's or SimpleBlock's track, time (ticks) and keyframe flag, from the first bytes of its data. */
function parseBlockStart(bytes: Buffer, clusterTime: number): Frame | null {
  const trackLength = vintLength(bytes[0] ?? 0);
  if (trackLength === 0 || trackLength > 4 || bytes.length < trackLength + 3) return null;
  let track = (bytes[0] ?? 0) & (0xff >> trackLength);
  for (let index = 1; index < trackLength; index += 1) track = track * 256 + (bytes[index] ?? 0);
  const relative = bytes.readInt16BE(trackLength);
  const flags = bytes[trackLength + 2] ?? 0;
  return { track, time: clusterTime + relative, keyframe: (flags & 0x80) !== 0, duration: 0 };
}

/** Reads the structure of a WebM file (headers and frame positions only). */
export async function readWebmLayout(path: string): Promise<WebmLayout> {
  const file = await fs.promises.open(path, "r");
  try {
    return await layoutOf(new WindowReader(file, (await file.stat()).size));
  } finally {
    await file.close();
  }
}

async function layoutOf(reader: WindowReader): Promise<WebmLayout> {
  const ebml = await readHeader(reader, 0);
  if (!ebml || ebml.id !== ID.EBML) throw new WebmError("not a WebM file");
  const ebmlData = await readWhole(reader, ebml, "the EBML header");
  const docType = [...children(ebmlData)].find((child) => child.id === ID.DocType)?.payload.toString("latin1");
  if (docType !== "webm") throw new WebmError(`not a WebM file (DocType ${docType ?? "missing"})`);
  const ebmlEnd = ebml.dataStart + ebmlData.length;

  let position = ebmlEnd;
  let segment = await readHeader(reader, position);
  while (segment && segment.id === ID.Void && segment.size !== null) {
    position = segment.dataStart + segment.size;
    segment = await readHeader(reader, position);
  }
  if (!segment || segment.id !== ID.Segment) throw new WebmError("no Segment after the EBML header");
  const segmentEnd = segment.size === null ? reader.size : Math.min(reader.size, segment.dataStart + segment.size);

  const layout: WebmLayout = {
    ebmlHeader: Buffer.from(await reader.read(0, ebmlEnd)),
    infoChildren: [],
    timecodeScale: DEFAULT_TIMECODE_SCALE,
    tracks: Buffer.alloc(0),
    kept: [],
    clusters: [],
    cueTrack: 0,
    endTicks: 0,
    existing: { durationTicks: null, cuePoints: 0, segmentSizeKnown: segment.size !== null, truncated: false },
  };
  let sawInfo = false;

  position = segment.dataStart;
  while (position < segmentEnd) {
    const header = await readHeader(reader, position);
    if (!header) {
      layout.existing.truncated = true;
      break;
    }
    if (header.id === ID.Cluster) {
      if (layout.cueTrack === 0) throw new WebmError("a Cluster before the Tracks");
      const { plan, end, truncated } = await readCluster(reader, header, segmentEnd, layout);
      if (plan) layout.clusters.push(plan);
      if (truncated) {
        layout.existing.truncated = true;
        break;
      }
      position = end;
      continue;
    }
    if (header.size === null) throw new WebmError(`an element of unknown size (0x${header.id.toString(16)})`);
    const end = header.dataStart + header.size;
    if (end > segmentEnd) {
      if (layout.clusters.length === 0) throw new WebmError("the file ends before its first frames");
      layout.existing.truncated = true;
      break;
    }
    if (header.id === ID.Info) {
      sawInfo = true;
      for (const child of children(await readWhole(reader, header, "Info"))) {
        if (child.id === ID.TimecodeScale) layout.timecodeScale = readUint(child.payload) || DEFAULT_TIMECODE_SCALE;
        if (child.id === ID.Duration) layout.existing.durationTicks = readFloat(child.payload);
        else layout.infoChildren.push(Buffer.from(child.raw));
      }
    } else if (header.id === ID.Tracks) {
      const data = await readWhole(reader, header, "Tracks");
      layout.tracks = Buffer.concat([Buffer.from(await reader.read(header.start, header.dataStart - header.start)), data]);
      layout.cueTrack = pickCueTrack(readTrackTypes(data));
    } else if (header.id === ID.Cues) {
      layout.existing.cuePoints += await countChildren(reader, header, ID.CuePoint);
    } else if (KEPT.has(header.id)) {
      layout.kept.push(Buffer.concat([Buffer.from(await reader.read(header.start, header.dataStart - header.start)), await readWhole(reader, header, "metadata")]));
    }
    // SeekHead, Void and anything unknown are dropped: the rewrite makes its own SeekHead.
    position = end;
  }

  if (!sawInfo) throw new WebmError("no Info element");
  if (layout.cueTrack === 0) throw new WebmError("no Tracks element");
  if (layout.clusters.length === 0) throw new WebmError("no frames");
  return layout;
}

function readTrackTypes(tracks: Buffer): Map<number, number> {
  const types = new Map<number, number>();
  for (const entry of children(tracks)) {
    if (entry.id !== ID.TrackEntry) continue;
    let number = 0;
    let type = 0;
    for (const field of children(entry.payload)) {
      if (field.id === ID.TrackNumber) number = readUint(field.payload);
      if (field.id === ID.TrackType) type = readUint(field.payload);
    }
    if (number > 0) types.set(number, type);
  }
  if (types.size === 0) throw new WebmError("no tracks");
  return types;
}

/** Cues point at video keyframes; an audio-only file gets a cue per cluster. */
function pickCueTrack(types: Map<number, number>): number {
  for (const [number, type] of types) if (type === VIDEO_TRACK) return number;
  return [...types.keys()][0] ?? 1;
}

async function countChildren(reader: WindowReader, parent: ElementHeader, id: number): Promise<number> {
  if (parent.size === null) return 0;
  const end = parent.dataStart + parent.size;
  let count = 0;
  let position = parent.dataStart;
  while (position < end) {
    const header = await readHeader(reader, position);
    if (!header || header.size === null) break;
    if (header.id === id) count += 1;
    position = header.dataStart + header.size;
  }
  return count;
}

async function readCluster(
  reader: WindowReader,
  cluster: ElementHeader,
  segmentEnd: number,
  layout: WebmLayout,
): Promise<{ plan: ClusterPlan | null; end: number; truncated: boolean }> {
  const declaredEnd = cluster.size === null ? segmentEnd : cluster.dataStart + cluster.size;
  const limit = Math.min(declaredEnd, segmentEnd);
  const ranges: Array<[number, number]> = [];
  const keep = (start: number, end: number) => {
    const last = ranges.at(-1);
    if (last && last[1] === start) last[1] = end;
    else ranges.push([start, end]);
  };
  let clusterTime: number | null = null;
  let cueTime: number | null = null;
  let truncated = declaredEnd > segmentEnd;
  let position = cluster.dataStart;

  while (position < limit) {
    const header = await readHeader(reader, position);
    if (!header) {
      truncated = true;
      break;
    }
    if (cluster.size === null && TOP_LEVEL.has(header.id)) break; // the next cluster (or Cues) begins
    if (header.size === null) throw new WebmError("an element of unknown size inside a Cluster");
    const end = header.dataStart + header.size;
    if (end > limit) {
      truncated = true;
      break;
    }
    if (header.id === ID.Timecode) {
      clusterTime = readUint(await reader.read(header.dataStart, header.size));
      keep(header.start, end);
    } else if (header.id === ID.SimpleBlock || header.id === ID.BlockGroup) {
      if (clusterTime === null) throw new WebmError("a frame before its cluster's Timecode");
      const frame =
        header.id === ID.SimpleBlock
          ? parseBlockStart(await reader.read(header.dataStart, 8), clusterTime)
          : await readBlockGroup(reader, header, clusterTime);
      if (!frame) throw new WebmError("a malformed frame");
      layout.endTicks = Math.max(layout.endTicks, frame.time + frame.duration);
      if (cueTime === null && frame.keyframe && frame.track === layout.cueTrack) cueTime = frame.time;
      keep(header.start, end);
    }
    // Position, PrevSize, Void …: dropped, their values would be wrong after the rewrite.
    position = end;
  }

  if (clusterTime === null || ranges.length === 0) return { plan: null, end: position, truncated };
  const payloadSize = ranges.reduce((total, [start, end]) => total + end - start, 0);
  return { plan: { ranges, payloadSize, cueTime }, end: cluster.size === null ? position : declaredEnd, truncated };
}

/** A BlockGroup's frame: a keyframe unless it references another frame. */
async function readBlockGroup(reader: WindowReader, group: ElementHeader, clusterTime: number): Promise<Frame | null> {
  if (group.size === null || group.size > HEADER_ELEMENT_MAX * 4) return null;
  const data = await reader.read(group.dataStart, group.size);
  if (data.length < group.size) return null;
  let frame: Frame | null = null;
  let referenced = false;
  let duration = 0;
  for (const child of children(data)) {
    if (child.id === ID.Block) frame = parseBlockStart(child.payload, clusterTime);
    if (child.id === ID.ReferenceBlock) referenced = true;
    if (child.id === ID.BlockDuration) duration = readUint(child.payload);
  }
  return frame ? { ...frame, keyframe: !referenced, duration } : null;
}

// ---------------------------------------------------------------------------
// ---------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  const bytes = Buffer.alloc(length);
  bytes.writeUIntBE(id, 0, length);
  return bytes;
}

/** A size as an EBML variable-length integer; `width` fixes its length. */
function sizeBytes(size: number, width?: number): Buffer {
  let length = width ?? 1;
  while (width === undefined && size >= 2 ** (7 * length) - 1) length += 1;
  if (length > 8 || size >= 2 ** (7 * length) - 1) throw new WebmError("an element too large to write");
  const bytes = Buffer.alloc(length);
  let rest = size;
  for (let index = length - 1; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  bytes[0] = (bytes[0] ?? 0) | (0x80 >> (length - 1));
  return bytes;
}

function uintBytes(value: number, width?: number): Buffer {
  let length = width ?? 1;
  while (width === undefined && value >= 2 ** (8 * length)) length += 1;
  const bytes = Buffer.alloc(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index -= 1) {
    bytes[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return bytes;
}

function element(id: number, ...payload: Buffer[]): Buffer {
  const data = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), sizeBytes(data.length), data]);
}

function uintElement(id: number, value: number, width?: number): Buffer {
  return element(id, uintBytes(value, width));
}

// Positions are written 8 bytes wide, so every size is known before any position is.
const POSITION_WIDTH = 8;

function seekHead(entries: Array<{ id: number; position: number }>): Buffer {
  return element(
    ID.SeekHead,
    ...entries.map(({ id, position }) => element(ID.Seek, element(ID.SeekID, idBytes(id)), uintElement(ID.SeekPosition, position, POSITION_WIDTH))),
  );
}

function cues(points: Array<{ time: number; clusterPosition: number }>, track: number): Buffer {
  return element(
    ID.Cues,
    ...points.map(({ time, clusterPosition }) =>
      element(
        ID.CuePoint,
        uintElement(ID.CueTime, time),
        element(ID.CueTrackPositions, uintElement(ID.CueTrack, track), uintElement(ID.CueClusterPosition, clusterPosition, POSITION_WIDTH)),
      ),
    ),
  );
}

export interface RewriteResult {
  durationMs: number;
  cuePoints: number;
  bytes: number;
  /** The source ended mid-frame; the copy keeps every whole frame. */
  truncated: boolean;
}

/**
 * Writes a seekable copy of the WebM at `source` to `target` (which must not
 * be `source`). Throws WebmError when `source` is not a WebM with frames, and
 * the file system's errors (ENOSPC …) as they come; `target` may then be
 * partly written, and the caller removes it.
 */
export async function rewriteSeekableWebm(source: string, target: string): Promise<RewriteResult> {
  const input = await fs.promises.open(source, "r");
  try {
    const reader = new WindowReader(input, (await input.stat()).size);
    const layout = await layoutOf(reader);
    const clusterHeaders = layout.clusters.map((cluster) => Buffer.concat([idBytes(ID.Cluster), sizeBytes(cluster.payloadSize)]));
    const info = element(ID.Info, ...layout.infoChildren, element(ID.Duration, doubleBytes(layout.endTicks)));
    const cueClusters = layout.clusters.flatMap((cluster, index) => (cluster.cueTime === null ? [] : [{ time: cluster.cueTime, index }]));
    // Cue times must rise; a cluster whose keyframe is not later than the last cue adds nothing.
    const cueEntries = cueClusters.filter((entry, index) => index === 0 || entry.time > (cueClusters[index - 1]?.time ?? -1));

    const seekIds = [ID.Info, ID.Tracks, ID.Cues, ...layout.kept.map(() => ID.Tags)];
    const seekSize = seekHead(seekIds.map((id) => ({ id, position: 0 }))).length;
    const cuesSize = cues(cueEntries.map(({ time }) => ({ time, clusterPosition: 0 })), layout.cueTrack).length;
    const infoPosition = seekSize;
    const tracksPosition = infoPosition + info.length;
    let keptPosition = tracksPosition + layout.tracks.length;
    const keptPositions = layout.kept.map((kept) => {
      const at = keptPosition;
      keptPosition += kept.length;
      return at;
    });
    const cuesPosition = keptPosition;
    let clusterPosition = cuesPosition + cuesSize;
    const clusterPositions = layout.clusters.map((cluster, index) => {
      const at = clusterPosition;
      clusterPosition += (clusterHeaders[index]?.length ?? 0) + cluster.payloadSize;
      return at;
    });
    const segmentSize = clusterPosition;

    const keptIds = layout.kept.map((kept) => readUint(kept.subarray(0, 4)));
    const head = Buffer.concat([
      layout.ebmlHeader,
      idBytes(ID.Segment),
      sizeBytes(segmentSize, 8),
      seekHead([
        { id: ID.Info, position: infoPosition },
        { id: ID.Tracks, position: tracksPosition },
        { id: ID.Cues, position: cuesPosition },
        ...keptIds.map((id, index) => ({ id, position: keptPositions[index] ?? 0 })),
      ]),
      info,
      layout.tracks,
      ...layout.kept,
      cues(
        cueEntries.map(({ time, index }) => ({ time, clusterPosition: clusterPositions[index] ?? 0 })),
        layout.cueTrack,
      ),
    ]);

    const output = await fs.promises.open(target, "w");
    try {
      let written = await writeAll(output, head);
      const copy = Buffer.allocUnsafe(WINDOW_BYTES);
      for (const [index, cluster] of layout.clusters.entries()) {
        written += await writeAll(output, clusterHeaders[index] ?? Buffer.alloc(0));
        for (const [start, end] of cluster.ranges) {
          for (let at = start; at < end; ) {
            const { bytesRead } = await input.read(copy, 0, Math.min(copy.length, end - at), at);
            if (bytesRead === 0) throw new WebmError("the file changed while it was being finalised");
            written += await writeAll(output, copy.subarray(0, bytesRead));
            at += bytesRead;
          }
        }
      }
      await output.sync();
      return {
        durationMs: (layout.endTicks * layout.timecodeScale) / 1_000_000,
        cuePoints: cueEntries.length,
        bytes: written,
        truncated: layout.existing.truncated,
      };
    } finally {
      await output.close();
    }
  } finally {
    await input.close();
  }
}

function doubleBytes(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
}

async function writeAll(file: FileHandle, bytes: Buffer): Promise<number> {
  let offset = 0;
  while (offset < bytes.length) offset += (await file.write(bytes, offset, bytes.length - offset)).bytesWritten;
  return bytes.length;
}

/** What a player finds at the start of the file: its duration (ms) and how many cues it has. */
export async function inspectWebm(path: string): Promise<{ durationMs: number | null; cuePoints: number; segmentSizeKnown: boolean; endMs: number }> {
  const layout = await readWebmLayout(path);
  const toMs = (ticks: number) => (ticks * layout.timecodeScale) / 1_000_000;
  return {
    durationMs: layout.existing.durationTicks === null ? null : toMs(layout.existing.durationTicks),
    cuePoints: layout.existing.cuePoints,
    segmentSizeKnown: layout.existing.segmentSizeKnown,
    endMs: toMs(layout.endTicks),
  };
}
