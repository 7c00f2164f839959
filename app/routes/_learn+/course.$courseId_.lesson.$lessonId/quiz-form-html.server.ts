import type { MemberQuiz } from "~/models/assessment/quiz.server";
import { escapeHtml } from "~/utils/escape-html";

// The quiz form's questions as HTML written on the server (issue 24), as the
// lesson's sections are: a lesson page with a 10-question quiz stays within
// 10% of the page without one (npm run bench), where React elements for every
// option, and the same data again in the page's hydration JSON, cost more.
// The fields are ordinary form fields, so the form posts the same with or without JavaScript.
export function quizQuestionsHtml(questions: MemberQuiz["questions"]): string {
  return questions
    .map((question, index) => {
      const name = `q-${question.id}`;
      const legend = `<legend class="font-medium">${index + 1}. ${escapeHtml(question.prompt)}${question.type === "multiple" ? " (choose all that apply)" : ""}</legend>`;
      if (question.type === "short") {
        const id = `quiz-q-${question.id}`;
        return `<fieldset class="quiz-question">${legend.replace("<legend", `<legend id="${id}"`)}<input name="${name}" type="text" maxlength="500" autocomplete="off" aria-labelledby="${id}" class="input-field"></fieldset>`;
      }
      const options = "options" in question && question.options ? question.options : [];
      const order = "optionOrder" in question && question.optionOrder ? question.optionOrder : options.map((_, i) => i);
      const type = question.type === "multiple" ? "checkbox" : "radio";
      const choices = order.map((i) => `<label class="quiz-option"><input type="${type}" name="${name}" value="${i}">${escapeHtml(options[i] ?? "")}</label>`).join("");
      return `<fieldset class="quiz-question">${legend}${choices}</fieldset>`;
    })
    .join("");
}
