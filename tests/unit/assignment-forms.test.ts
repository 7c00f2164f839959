import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { AssignmentFormSchema, handInFormSchema, reviewFormSchema } from "~/schemas/assignment-forms";

// Issue 45: the assignment forms read what a browser posts and end in the
// JSON API's rules, so a form and the API say the same thing.

function form(entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the builder's form", () => {
  const base: Array<[string, string]> = [
    ["instructions", "Write it down."],
    ["rubric[0].criterion", "Depth"],
    ["rubric[0].points", "4"],
    ["rubric[1].criterion", "Care"],
    ["rubric[1].description", "Gentle words."],
    ["rubric[1].points", "3"],
    ["passPoints", "5"],
  ];

  it("reads ticked kinds as a list, an unticked Required as false, and the default file limit", () => {
    const result = parseWithZod(form([...base, ["kinds", "file"], ["kinds", "text"]]), { schema: AssignmentFormSchema });
    expect(result.status).toBe("success");
    if (result.status !== "success") return;
    expect(result.value).toEqual({
      instructions: "Write it down.",
      kinds: ["text", "file"],
      maxFileMb: 25,
      rubric: [
        { criterion: "Depth", description: "", points: 4 },
        { criterion: "Care", description: "Gentle words.", points: 3 },
      ],
      passPoints: 5,
      required: false,
    });
    const one = parseWithZod(form([...base, ["kinds", "text"], ["required", "on"]]), { schema: AssignmentFormSchema });
    expect(one.status === "success" && one.value).toMatchObject({ kinds: ["text"], required: true });
  });

  it("puts the API's messages on the fields: no kind, an empty criterion", () => {
    const result = parseWithZod(form(base.filter(([name]) => name !== "rubric[0].criterion")), { schema: AssignmentFormSchema });
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors.kinds).toEqual(["Accept at least one kind of submission: text, a file or both"]);
    expect(errors["rubric[0].criterion"]).toEqual(["Criterion is required"]);
  });

  it("refuses pass points above the rubric's total", () => {
    const result = parseWithZod(form([...base.filter(([name]) => name !== "passPoints"), ["kinds", "text"], ["passPoints", "8"]]), { schema: AssignmentFormSchema });
    expect(result.reply().error?.passPoints).toEqual(["Points to pass (8) cannot be more than the rubric's total (7)"]);
  });
});

describe("the hand-in form (checked in the browser)", () => {
  const schema = handInFormSchema({ kinds: ["text", "file"], maxFileMb: 1 });

  it("wants text or a file, and a file within the limit", () => {
    const empty = parseWithZod(form([["intent", "submit-assignment"], ["text", "  "]]), { schema });
    expect(empty.reply().error?.text).toEqual(["Write your answer or attach a file"]);
    const big = new File([new Uint8Array(1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" });
    const tooBig = parseWithZod(form([["intent", "submit-assignment"], ["file", big]]), { schema });
    expect(tooBig.reply().error?.file).toEqual(["The file must be smaller than 1 MB"]);
    const fine = parseWithZod(form([["intent", "submit-assignment"], ["text", "My reading."]]), { schema });
    expect(fine.status).toBe("success");
  });

  it("names the missing file when only a file is taken", () => {
    const onlyFile = handInFormSchema({ kinds: ["file"], maxFileMb: 5 });
    expect(parseWithZod(form([["intent", "submit-assignment"]]), { schema: onlyFile }).reply().error?.file).toEqual(["Choose a file to hand in"]);
  });
});

describe("the review form", () => {
  const schema = reviewFormSchema([4, 3]);

  it("reads scores per criterion and the pressed button's decision", () => {
    const result = parseWithZod(
      form([
        ["scores[0].criterion", "0"],
        ["scores[0].points", "4"],
        ["scores[1].criterion", "1"],
        ["scores[1].points", "2"],
        ["feedback", "Well done."],
        ["decision", "passed"],
      ]),
      { schema },
    );
    expect(result.status === "success" && result.value).toEqual({
      scores: [
        { criterion: 0, points: 4 },
        { criterion: 1, points: 2 },
      ],
      feedback: "Well done.",
      decision: "passed",
    });
  });

  it("says which criterion has no points, and asks for a decision", () => {
    const result = parseWithZod(form([["scores[0].criterion", "0"], ["scores[0].points", "4"], ["scores[1].criterion", "1"]]), { schema });
    const errors = result.reply().error ?? {};
    expect(errors["scores[1].points"]).toEqual(["Give points for this criterion"]);
    expect(errors.decision).toEqual(['Press "Pass" or "Ask for revision"']);
  });

  it("says which criterion has more points than it is worth", () => {
    const result = parseWithZod(
      form([["scores[0].criterion", "0"], ["scores[0].points", "5"], ["scores[1].criterion", "1"], ["scores[1].points", "3"], ["decision", "revise"]]),
      { schema },
    );
    const errors = result.reply().error ?? {};
    expect(errors["scores[0].points"]).toEqual(["At most 4 points"]);
    expect(errors["scores[1].points"]).toBeUndefined();
  });
});
