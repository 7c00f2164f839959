import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadDemoContent } from "#db/seed-content";

// An academy owner edits content/ by hand: what they write must come through
// as they meant it, and a mistake must name the file and the field.
function contentFolder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "academy-content-"));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const COURSE = "---\ntitle: Moon Studies\nlevel: Beginner\nrating: 4\nduration: 2 weeks\npremium: false\nimage: /images/moon.svg\n---\n\nAll about the moon.\n";

describe("the demo content an owner writes", () => {
  it("becomes courses with their lessons and sections, in numeric file order, whatever the line endings", () => {
    const dir = contentFolder({
      "courses/1-moon/course.md": COURSE,
      "courses/1-moon/10-last.md": "---\ntitle: Last\n---\n## Only\n\nThe end.\n",
      "courses/1-moon/2-phases.md": [
        "---",
        "title: Phases",
        "description: 'Waxing: and waning'",
        "---",
        "",
        "## New moon",
        "",
        "First **paragraph**.",
        "",
        "",
        "Second, after two blank lines.  ",
        "",
        "### A sub-heading stays in the section",
        "",
        "## A picture",
        "",
        "Image: /images/moon.svg",
        "",
        "A thin crescent.",
        "",
        "## A film",
        "Video: https://video.example/moon",
        "",
        "Watch it *twice*.",
        "",
      ].join("\r\n"),
    });
    const [course] = loadDemoContent(dir).courses;
    expect(course).toMatchObject({ title: "Moon Studies", rating: "4.0", description: "All about the moon.", isPremium: false });
    expect(course?.lessons.map((lesson) => lesson.title)).toEqual(["Phases", "Last"]);
    expect(course?.lessons[0]).toEqual({
      title: "Phases",
      description: "Waxing: and waning",
      sections: [
        { type: "text", title: "New moon", content: "First **paragraph**.\n\n\nSecond, after two blank lines.  \n\n### A sub-heading stays in the section" },
        { type: "image", title: "A picture", content: "A thin crescent.", url: "/images/moon.svg" },
        { type: "video", title: "A film", content: "Watch it *twice*.", url: "https://video.example/moon" },
      ],
    });
    expect(course?.lessons[1]?.description).toBe("");
  });

  it("becomes forum threads with their replies, and templates kept byte for byte", () => {
    const dir = contentFolder({
      "forum/01-hello/category.md": '---\nname: Hello\npermission: base\ncolor: "059669"\n---\nSay hello.\n',
      "forum/01-hello/01-hi.md": "---\ntitle: Hi\nauthor: student\npinned: true\n---\n\nHi all.\n\n## Reply by premium\n\nWelcome!\n\n## Reply by admin\n\nGlad you came.\n",
      "templates/01-sheet.md": "---\ntitle: Sheet\ndescription: A sheet\ncategory: tools\nfile: sheet.txt\npremium: false\n---\nSHEET\n---\n\n  indented\n",
    });
    const content = loadDemoContent(dir);
    expect(content.forumCategories).toEqual([
      {
        name: "Hello",
        description: "Say hello.",
        permission: "base",
        color: "059669",
        topics: [
          {
            title: "Hi",
            author: "student",
            content: "Hi all.",
            isPinned: true,
            isLocked: undefined,
            replies: [
              { author: "premium", content: "Welcome!" },
              { author: "admin", content: "Glad you came." },
            ],
          },
        ],
      },
    ]);
    expect(content.templates[0]?.body).toBe("SHEET\n---\n\n  indented\n");
    expect(content.courses).toEqual([]);
    expect(content.conference).toBeNull();
  });

  it("stops at a mistake, naming the file and what is wrong", () => {
    const misspelt = contentFolder({ "courses/1-moon/course.md": COURSE.replace("premium:", "premuim:") });
    expect(() => loadDemoContent(misspelt)).toThrow(/1-moon\/course\.md: .*premuim/);

    const unknownAuthor = contentFolder({
      "forum/1-a/category.md": "---\nname: A\npermission: base\ncolor: 8B5CF6\n---\nA.\n",
      "forum/1-a/1-t.md": "---\ntitle: T\nauthor: admin\n---\nPost.\n\n## Reply by oracle\n\nHi.\n",
    });
    expect(() => loadDemoContent(unknownAuthor)).toThrow(/1-t\.md: "## Reply by oracle": the author must be one of admin, student, premium/);

    const textBeforeSections = contentFolder({ "courses/1-moon/course.md": COURSE, "courses/1-moon/1-l.md": "---\ntitle: L\n---\nStray words.\n\n## S\n\nText.\n" });
    expect(() => loadDemoContent(textBeforeSections)).toThrow(/1-l\.md: text before the first `## ` section heading/);

    const noFrontMatter = contentFolder({ "articles/1-a.md": "# Just Markdown\n" });
    expect(() => loadDemoContent(noFrontMatter)).toThrow(/1-a\.md: must start with front matter/);

    expect(() => loadDemoContent(path.join(os.tmpdir(), "no-such-academy-content"))).toThrow(/does not exist/);
  });
});
