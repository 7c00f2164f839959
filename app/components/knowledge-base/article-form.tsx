import { AdminForm, useAdminForm, type AdminFormProps } from "~/components/admin/admin-form";
import { BoundCheckbox, BoundInput, BoundSelect, BoundTextarea } from "~/components/ui/field";
import { ARTICLE_CATEGORIES, ArticleFormSchema, type ArticleCategory } from "~/schemas/knowledge-base";

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
export function ArticleForm({ article, reply, closeTo }: AdminFormProps & { article: EditableArticle | null }) {
  const [form, fields] = useAdminForm({
    id: article ? `article-form-${article.id}` : "article-form-new",
    schema: ArticleFormSchema,
    reply,
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
  });

  return (
    <AdminForm
      form={form}
      reply={reply}
      record={article ? { name: "articleId", id: article.id } : null}
      closeTo={closeTo}
      submit={{ label: article ? "Update Article" : "Create Article" }}
    >
      <BoundInput label="Title" meta={fields.title} />

      <BoundTextarea label="Summary" meta={fields.summary} rows={2} />

      <BoundTextarea label="Content" meta={fields.content} rows={10} hint="Markdown: **bold**, *italic*, lists and links." />

      <div className="grid gap-4 sm:grid-cols-2">
        <BoundSelect label="Category" meta={fields.category} options={ARTICLE_CATEGORIES} />
        <BoundInput label="Tags" meta={fields.tags} placeholder="comma, separated, tags" />
      </div>

      <BoundCheckbox label="Published" meta={fields.isPublished} />
    </AdminForm>
  );
}
