import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, first } from "#db/client.server";
import { users } from "#db/schema";
import { DEMO_PREMIUM, seedDemoData } from "#db/seed";
import { rebuildLibrary, searchLibrary } from "~/models/companion/companion-library.server";
import { analyseQuestion, distinctive, misspeltStem, type Vocabulary } from "~/models/companion/companion-question";
import { parseThesaurus, phrasesIn } from "~/models/companion/companion-thesaurus";
import { academyThesaurus, thesaurusPath } from "~/models/companion/companion-thesaurus.server";
import { ensureAdmin } from "~/models/accounts/user.server";
import { env } from "~/utils/env.server";

// Issue 40, second round: the academy's thesaurus maps the phrases members use
// ("wiped out", "upside down") to the library's own words, so a question asked
// in everyday words finds the lesson that names it otherwise.

function vocabulary(words: Record<string, number>, passages = 100): Vocabulary {
  return { passages, documents: new Map(Object.entries(words)) };
}

const thesaurus = parseThesaurus(`
# members' words => the library's words
burnt out, wiped out, worn out => compassion fatigue, exhaustion
upside down => reversed, reversals
webcam => camera
hex, cursed => curse
scared => fear
`);

describe("the thesaurus file", () => {
  it("reads one meaning per line, ignores comments and blank lines, and reports a line it cannot read", () => {
    expect(thesaurus.problems).toEqual([]);
    expect(thesaurus.entries).toHaveLength(5);
    expect(thesaurus.entries[0]?.terms).toEqual(["compassion", "fatigue", "exhaustion"]);
    const broken = parseThesaurus("no arrow here\nfine => ok\na => b => c\n=> nothing on the left");
    expect(broken.entries).toHaveLength(1);
    expect(broken.problems).toEqual([expect.stringMatching(/^line 1:/), expect.stringMatching(/^line 3:/), expect.stringMatching(/^line 4:/)]);
  });

  it("finds phrases by their words' stems, the longest first and never two over one word", () => {
    const words = ["i", "keep", "burning", "out", "and", "feel", "worn", "out"];
    const stems = ["i", "keep", "burn", "out", "and", "feel", "worn", "out"];
    const found = phrasesIn(stems, parseThesaurus("burn out => fatigue\nout => outside\nworn out => exhaustion"));
    expect(found.map((match) => match.positions.map((position) => words[position]).join(" "))).toEqual(["burning out", "worn out"]);
  });

  it("parses as shipped, with no line skipped", () => {
    const shipped = parseThesaurus(fs.readFileSync(path.resolve("content/companion-synonyms.txt"), "utf8"));
    expect(shipped.problems).toEqual([]);
    expect(shipped.entries.length).toBeGreaterThan(50);
  });
});

describe("a question read with the thesaurus", () => {
  const library = vocabulary({ compass: 3, fatigu: 3, exhaust: 2, revers: 4, card: 30, camera: 2, curs: 1, fear: 5, share: 9, client: 70, read: 50 });

  it("reads a member's phrase as the library's words, instead of the phrase's own", () => {
    const concepts = analyseQuestion("why do i feel so wiped out after readings", library, { thesaurus });
    const phrase = concepts.find((concept) => concept.word === "wiped out");
    expect(phrase).toMatchObject({ known: true, stems: ["compass", "fatigu", "exhaust"] });
    expect(concepts.map((concept) => concept.word)).not.toContain("wiped");
    // The phrase's library words ask the full-text index.
    expect(phrase?.terms.map((term) => term.text)).toEqual(["compassion", "fatigue", "exhaustion"]);
  });

  it("keeps a phrase's own words when the library holds none of its words", () => {
    const concepts = analyseQuestion("wiped out", vocabulary({ client: 3 }), { thesaurus });
    expect(concepts.map((concept) => concept.word)).toEqual(["wiped", "out"]);
  });

  it("knows a word the library lacks by the library's name for it, and weighs it as that word", () => {
    const [hex] = analyseQuestion("hex", library, { thesaurus });
    expect(hex).toMatchObject({ word: "hex", known: true, documents: 1, stems: ["hex", "curs"] });
    // So it picks candidates: without the thesaurus an unknown word never reaches the index.
    expect(distinctive([hex!], 100)).toHaveLength(1);
    const [alone] = analyseQuestion("hex", library);
    expect(alone).toMatchObject({ known: false });
    expect(distinctive([alone!], 100)).toHaveLength(0);
    // The same holds for the plain synonyms built in ("webcam" for "camera").
    expect(analyseQuestion("webcam", library)[0]).toMatchObject({ known: true, documents: 2 });
  });

  it("does not mend a word the thesaurus names into a near spelling ('scared' is not 'shared')", () => {
    expect(analyseQuestion("scared", library, { thesaurus })[0]?.stems).toEqual(["scare", "fear"]);
    expect(analyseQuestion("scared", library)[0]?.stems).toEqual(["share"]);
  });

  it("mends a misspelling that changes how a word is stemmed", () => {
    expect(misspeltStem("compashion", library)).toBe("compass");
    expect(misspeltStem("compassion", library)).toBeNull(); // no slip: the stemmer finds it
    expect(misspeltStem("sourdough", library)).toBeNull();
    expect(analyseQuestion("compashion fatige", library)[0]?.stems).toEqual(["compass"]);
  });

  it("treats the way members talk around a question as carrying no topic", () => {
    expect(analyseQuestion("any tips, is it totally ok to be able to stuff", library)).toEqual([]);
  });
});

describe("the academy's thesaurus in the companion's search", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "thesaurus-"));
  const file = path.join(folder, "synonyms.txt");
  const configured = env.COMPANION_SYNONYMS_PATH;

  beforeAll(async () => {
    await ensureAdmin({ username: "admin", password: "admin-password-1" });
    await seedDemoData();
    await rebuildLibrary();
  });
  afterEach(() => {
    env.COMPANION_SYNONYMS_PATH = configured;
  });

  it("is the file in the content folder unless configured, and nothing when there is no file", async () => {
    env.COMPANION_SYNONYMS_PATH = undefined;
    expect(thesaurusPath()).toBe(path.resolve(env.CONTENT_DIR, "companion-synonyms.txt"));
    env.COMPANION_SYNONYMS_PATH = path.join(folder, "missing.txt");
    expect((await academyThesaurus()).entries).toEqual([]);
  });

  it("finds the lesson a member's phrase means, and takes an owner's edit without a restart", async () => {
    const member = (await first(db.select().from(users).where(eq(users.username, DEMO_PREMIUM.username)).limit(1)))!;
    env.COMPANION_SYNONYMS_PATH = file;
    const ask = async () => (await searchLibrary("i feel knackered after readings", member, { limit: 3 })).passages.map((p) => p.title);
    fs.writeFileSync(file, "# nothing yet\n");
    expect(await ask()).not.toContain("Compassion Fatigue and Recovery");
    // A later mtime, as an editor's save gives.
    fs.writeFileSync(file, "knackered => compassion fatigue, exhaustion\n");
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect((await ask())[0]).toBe("Compassion Fatigue and Recovery");
  });
});
