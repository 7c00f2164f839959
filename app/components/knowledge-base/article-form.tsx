import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses, labelClasses, TextareaField } from "~/components/ui/field";
import {
  ARTICLE_CATEGORIES,
  ArticleFormSchema,
  type ArticleCategory,
  type ArticleFormInput,
  type ArticleInput,
} from "~/schemas/knowledge-base";

export interface EditableArticle {
  id: number;
  title: string;
  content: string;
  summary: string;
  category: ArticleCategory;
  tags: string[];
  isPublished: boolean;
}

/**
 * Creates or edits a knowledge-base article. A plain form posted to the
 * page's action, so it works without JavaScript; the author is whoever is
 * signed in, so there is no author field.
 */
export function ArticleForm({
  article,
  lastResult,
  notice,
  closeTo,
}: {
  article: EditableArticle | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  notice: Notice | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<ArticleFormInput, ArticleInput>({
    id: article ? `article-form-${article.id}` : "article-form-new",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: article
      ? {
          title: article.title,
          content: article.content,
          summary: article.summary,
          category: article.category,
          tags: article.tags.join(", "),
          isPublished: article.isPublished,
        }
      : { category: ARTICLE_CATEGORIES[0], isPublished: true },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArticleFormSchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormNotice notice={notice} />
      {article ? <input type="hidden" name="articleId" value={article.id} /> : null}
      <FormErrors errors={form.errors} />

      <Field label="Title" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />

      <TextareaField
        label="Summary"
        errors={fields.summary.errors}
        errorId={fields.summary.errorId}
        textareaProps={{ ...getTextareaProps(fields.summary), rows: 2 }}
      />

      <TextareaField
        label="Content"
        errors={fields.content.errors}
        errorId={fields.content.errorId}
        hint="Markdown: **bold**, *italic*, lists and links."
        textareaProps={{ ...getTextareaProps(fields.content), rows: 10 }}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.category.id} className={labelClasses}>
            Category
          </label>
          <select {...getSelectProps(fields.category)} className={inputClasses}>
            {ARTICLE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
        </div>
        <Field
          label="Tags"
          errors={fields.tags.errors}
          inputProps={{ ...getInputProps(fields.tags, { type: "text" }), placeholder: "comma, separated, tags" }}
        />
      </div>

      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.isPublished, { type: "checkbox" })} className="h-4 w-4" />
        <span>Published</span>
      </label>

      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="save" className={buttonClasses("primary")} disabled={saving}>
          {saving ? "Saving..." : article ? "Update Article" : "Create Article"}
        </button>
      </div>
    </Form>
  );
}
