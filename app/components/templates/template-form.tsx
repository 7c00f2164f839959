import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormNotice, type Notice } from "~/components/admin/notice";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses, labelClasses, TextareaField } from "~/components/ui/field";
import {
  CATEGORY_LABELS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_FILE_ACCEPT,
  TemplateFormSchema,
  type TemplateFormInput,
  type TemplateInput,
} from "~/schemas/templates";

/**
 * The admin's Upload Template form. It posts multipart/form-data, file
 * included, to the page's action, so it works without JavaScript; with it,
 * conform checks the fields (and the chosen file's name and size) first.
 */
export function TemplateForm({
  lastResult,
  notice,
  closeTo,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  notice: Notice | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<TemplateFormInput, TemplateInput>({
    id: "template-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { category: "templates", isPremiumOnly: false },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateFormSchema }),
  });
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
      <FormNotice notice={notice} />
      <FormErrors errors={form.errors} />

      <Field label="Title" errors={fields.title.errors} inputProps={getInputProps(fields.title, { type: "text" })} />

      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />

      <div>
        <label htmlFor={fields.category.id} className={labelClasses}>
          Category
        </label>
        <select {...getSelectProps(fields.category)} className={inputClasses}>
          {TEMPLATE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
        <ErrorList id={fields.category.errorId} errors={fields.category.errors} />
      </div>

      <div>
        <label htmlFor={fields.file.id} className={labelClasses}>
          File
        </label>
        <input
          {...getInputProps(fields.file, { type: "file" })}
          accept={TEMPLATE_FILE_ACCEPT}
          disabled={uploading}
          className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary disabled:opacity-60"
        />
        <p className="mt-1 text-xs opacity-70">PDF, Word, Excel, PowerPoint, ZIP or text, up to 50MB. A chosen file wins over the address below.</p>
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} />
      </div>

      <fieldset className="space-y-3 rounded-md border border-primary/30 p-3">
        <legend className="px-1 text-sm opacity-80">Or link to a file</legend>
        <Field
          label="File URL"
          errors={fields.fileUrl.errors}
          inputProps={{ ...getInputProps(fields.fileUrl, { type: "text" }), placeholder: "https://…" }}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="File name"
            errors={fields.fileName.errors}
            inputProps={{ ...getInputProps(fields.fileName, { type: "text" }), placeholder: "planner.pdf" }}
          />
          <Field
            label="File type"
            errors={fields.fileType.errors}
            inputProps={{ ...getInputProps(fields.fileType, { type: "text" }), placeholder: "application/pdf" }}
          />
        </div>
      </fieldset>

      <label className="flex items-center gap-2">
        <input {...getInputProps(fields.isPremiumOnly, { type: "checkbox" })} className="h-4 w-4" />
        <span>Premium only</span>
      </label>

      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClasses("ghost")}>
          Cancel
        </Link>
        <button type="submit" name="intent" value="upload" className={buttonClasses("primary")} disabled={uploading}>
          {uploading ? "Uploading..." : "Upload Template"}
        </button>
      </div>
    </Form>
  );
}
