import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { Star } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { CourseRatingSchema, RATE_INTENT, RATING_VALUES } from "~/schemas/course-rating";

export interface RatingActionData {
  result: SubmissionResult<string[]>;
}

/**
 * Rate a started course, 1–5 stars. Plain radio buttons and a submit button
 * (the page action redirects back with a toast); with JavaScript the form is
 * checked before sending and posts through a fetcher, without a page load.
 */
export function CourseRatingForm({ yourRating, lastResult }: { yourRating: number | null; lastResult?: SubmissionResult<string[]> }) {
  const fetcher = useFetcher<RatingActionData>();
  const [form, fields] = useForm({
    id: "course-rating",
    // The fetcher's answer with JavaScript; the page's action data without it.
    lastResult: fetcher.state === "idle" ? (fetcher.data?.result ?? lastResult) : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CourseRatingSchema }),
  });
  const pending = fetcher.state !== "idle";
  return (
    <section className="card space-y-3" aria-labelledby="rate-course-title">
      <h2 id="rate-course-title" className="font-display text-xl">
        Rate this course
      </h2>
      <p className="text-sm opacity-85">
        {yourRating ? `You rated it ${yourRating} of 5. You can change your rating at any time.` : "How helpful is this course? One rating per student; you can change it later."}
      </p>
      <fetcher.Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value={RATE_INTENT} />
        <FormErrors errors={form.errors} />
        <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium">Your rating</legend>
          <div className="flex flex-wrap gap-2">
            {RATING_VALUES.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-1 rounded-md border border-primary/40 px-2 py-1 text-sm has-[:checked]:border-accent has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent"
              >
                <input
                  type="radio"
                  name={fields.rating.name}
                  value={value}
                  defaultChecked={yourRating === value}
                  className="accent-current"
                  data-testid={`rating-option-${value}`}
                />
                <span className="flex text-accent" aria-hidden>
                  {RATING_VALUES.map((star) => (
                    <Star key={star} className={`h-4 w-4 ${star <= value ? "fill-current" : "opacity-40"}`} />
                  ))}
                </span>
                <span>{value === 1 ? "1 star" : `${value} stars`}</span>
              </label>
            ))}
          </div>
          <ErrorList id={fields.rating.errorId} errors={fields.rating.errors} />
        </fieldset>
        <button type="submit" className={buttonClasses("primary", undefined, "sm")} disabled={pending}>
          {pending ? "Saving…" : yourRating ? "Update rating" : "Save rating"}
        </button>
      </fetcher.Form>
    </section>
  );
}
