import { AdminForm, useAdminForm, useSubmittingIntent, type AdminFormProps } from "~/components/admin/admin-form";
import { BoundCheckbox, BoundFileInput, BoundInput, BoundSelect, BoundTextarea } from "~/components/ui/field";
import { CATEGORY_LABELS, TEMPLATE_CATEGORIES, TEMPLATE_FILE_ACCEPT, TemplateFormSchema } from "~/schemas/templates";

const UPLOAD_INTENT = "upload";

/**
 * The admin's Upload Template form. It posts multipart/form-data, file
 * included, to the page's action, so it works without JavaScript; with it,
 * conform checks the fields (and the chosen file's name and size) first.
 */
export function TemplateForm({ reply, closeTo }: AdminFormProps) {
  const [form, fields] = useAdminForm({
    id: "template-form",
    schema: TemplateFormSchema,
    reply,
    defaultValue: { category: "templates", isPremiumOnly: false },
  });
  const uploading = useSubmittingIntent(UPLOAD_INTENT);

  return (
    <AdminForm
      form={form}
      reply={reply}
      multipart
      closeTo={closeTo}
      submit={{ label: "Upload Template", intent: UPLOAD_INTENT, pendingLabel: "Uploading..." }}
    >
      <BoundInput label="Title" meta={fields.title} />

      <BoundTextarea label="Description" meta={fields.description} rows={3} />

      <BoundSelect
        label="Category"
        meta={fields.category}
        options={TEMPLATE_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
      />

      <BoundFileInput
        label="File"
        meta={fields.file}
        accept={TEMPLATE_FILE_ACCEPT}
        disabled={uploading}
        note={<p className="mt-1 text-xs opacity-70">PDF, Word, Excel, PowerPoint, ZIP or text, up to 50MB. A chosen file wins over the address below.</p>}
      />

      <fieldset className="space-y-3 rounded-md border border-primary/30 p-3">
        <legend className="px-1 text-sm opacity-80">Or link to a file</legend>
        <BoundInput label="File URL" meta={fields.fileUrl} placeholder="https://…" />
        <div className="grid gap-3 sm:grid-cols-2">
          <BoundInput label="File name" meta={fields.fileName} placeholder="planner.pdf" />
          <BoundInput label="File type" meta={fields.fileType} placeholder="application/pdf" />
        </div>
      </fieldset>

      <BoundCheckbox label="Premium only" meta={fields.isPremiumOnly} />
    </AdminForm>
  );
}
