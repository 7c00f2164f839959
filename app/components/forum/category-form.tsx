import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormErrors, inputClasses, TextareaField } from "~/components/ui/field";
import { CategorySchema, FORUM_COLOR_CHOICES } from "~/schemas/forum";

export interface EditableCategory {
  id: number;
  name: string;
  description: string;
  permission: "base" | "advanced";
  color: string;
}

export function CategoryForm({
  category,
  lastResult,
  closeTo,
}: {
  category: EditableCategory | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: category ? `category-form-${category.id}` : "category-form-new",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: category
      ? { name: category.name, description: category.description, permission: category.permission, color: category.color }
      : { permission: "base", color: "8B5CF6" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CategorySchema }),
  });
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {category ? <input type="hidden" name="categoryId" value={category.id} /> : null}
      <FormErrors errors={form.errors} title={form.errors?.length ? "Missing Information" : null} />
      <Field label="Name" errors={fields.name.errors} inputProps={getInputProps(fields.name, { type: "text" })} />
      <TextareaField
        label="Description"
        errors={fields.description.errors}
        errorId={fields.description.errorId}
        textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
      />
      <div>
        <label htmlFor={fields.permission.id} className="mb-1 block text-sm font-medium">
          Access
        </label>
        <select {...getSelectProps(fields.permission)} className={inputClasses}>
          <option value="base">Free (base)</option>
          <option value="advanced">Premium (advanced)</option>
        </select>
        <ErrorList id={fields.permission.errorId} errors={fields.permission.errors} />
      </div>
      <fieldset>
        <legend className="mb-1 block text-sm font-medium">Colour</legend>
        <div className="flex flex-wrap gap-3">
          {FORUM_COLOR_CHOICES.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name={fields.color.name}
                value={choice.value}
                defaultChecked={(fields.color.initialValue ?? "8B5CF6") === choice.value}
              />
              <span className="inline-block h-4 w-4 rounded-full" style={{ backgroundColor: `#${choice.value}` }} aria-hidden />
              {choice.label}
            </label>
          ))}
        </div>
        <ErrorList id={fields.color.errorId} errors={fields.color.errors} />
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" name="intent" value="save" disabled={saving}>
          {category ? "Update Category" : "Create Category"}
        </Button>
        <Link to={closeTo} className={buttonClasses("outline")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
