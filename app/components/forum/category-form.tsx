import { AdminForm, useAdminForm, type AdminFormProps } from "~/components/admin/admin-form";
import { BoundInput, BoundSelect, BoundTextarea, ErrorList, labelClasses } from "~/components/ui/field";
import { CategorySchema, FORUM_COLOR_CHOICES } from "~/schemas/forum";

export interface EditableCategory {
  id: number;
  name: string;
  description: string;
  permission: "base" | "advanced";
  color: string;
}

export function CategoryForm({ category, reply, closeTo }: AdminFormProps & { category: EditableCategory | null }) {
  const [form, fields] = useAdminForm({
    id: category ? `category-form-${category.id}` : "category-form-new",
    schema: CategorySchema,
    reply,
    defaultValue: category
      ? { name: category.name, description: category.description, permission: category.permission, color: category.color }
      : { permission: "base", color: "8B5CF6" },
  });
  return (
    <AdminForm
      form={form}
      reply={reply}
      record={category ? { name: "categoryId", id: category.id } : null}
      errorsTitle="Missing Information"
      closeTo={closeTo}
      submit={{ label: category ? "Update Category" : "Create Category" }}
    >
      <BoundInput label="Name" meta={fields.name} />
      <BoundTextarea label="Description" meta={fields.description} rows={3} />
      <BoundSelect
        label="Access"
        meta={fields.permission}
        options={[{ value: "base", label: "Free (base)" }, { value: "advanced", label: "Premium (advanced)" }]}
      />
      <fieldset>
        <legend className={labelClasses}>Colour</legend>
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
    </AdminForm>
  );
}
