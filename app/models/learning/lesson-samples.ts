import type { SectionInput } from "~/schemas/lesson";

/** The spec's three sample text sections, shaped around the lesson's title. */
export function sampleLessonSections(input: { title: string; description?: string; courseTitle?: string }): SectionInput[] {
  const topic = input.title.trim();
  const context = input.courseTitle ? ` in ${input.courseTitle}` : "";
  return [
    {
      type: "text",
      title: `Introduction to ${topic}`,
      content: `This lesson${context} introduces **${topic}**. ${input.description ?? ""}\n\nBy the end you will be able to explain the core idea in your own words and recognise where it appears in a client session.`.trim(),
    },
    {
      type: "text",
      title: "Key concepts",
      content: `- What ${topic} means in practice\n- Common misunderstandings to avoid\n- How it supports an ethical, client-centred reading`,
    },
    {
      type: "text",
      title: "Practice and reflection",
      content: `Try one short exercise on ${topic} with a practice partner or in your journal, then note what felt clear and what you would like to revisit.`,
    },
  ];
}
