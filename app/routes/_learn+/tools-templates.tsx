import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { FolderOpen, Upload } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AdminFormReply } from "~/components/admin/admin-form";
import { AdminCrudPage, CardGrid, EmptyState } from "~/components/admin/crud-page";
import { PageErrorBoundary } from "~/components/error-boundary";
import type { Notice } from "~/schemas/notice";
import { PREMIUM_REQUIRED_MARKER, requestDownloadLink } from "~/components/templates/download";
import { PremiumDialog } from "~/components/templates/premium-dialog";
import { DELETE_QUESTION, TemplateCard, type DownloadAccess, type TemplateCardData } from "~/components/templates/template-card";
import { TemplateForm } from "~/components/templates/template-form";
import { showToast } from "~/components/toaster";
import { isPremium, PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { createTemplate, deleteTemplate, discardStoredTemplateFile, issueDownloadLink, listTemplates } from "~/models/community/templates.server";
import { CATEGORY_LABELS, isTemplateCategory, TEMPLATE_CATEGORIES, TemplateFormSchema, type TemplateCategory } from "~/schemas/templates";
import type { RequestContext } from "~/models/accounts/session.server";
import { getOptionalUser, requireAdmin, requireUser } from "~/services/auth.server";
import { cn, parseRouteId } from "~/utils/misc";
import { redirectWithToast } from "~/utils/toast.server";
import { receiveUpload, TEMPLATE_UPLOAD, UploadError, type StoredFile } from "~/utils/uploads.server";
import { readForm, readTextFields } from "~/utils/form-data.server";
import { logger } from "~/utils/logger.server";
import { publicPageHeaders } from "~/utils/page-cache";

// The same for every visitor: kept a few seconds for anonymous requests (server/page-cache.ts).
export const headers = publicPageHeaders;

export const meta: MetaFunction = () => [{ title: "Tools & Templates — Mystic Academy" }];

const TEMPLATES_PATH = "/tools-templates";

function categoryFrom(url: URL): TemplateCategory | null {
  const requested = url.searchParams.get("category");
  return isTemplateCategory(requested) ? requested : null;
}

/** The page for one tab: /tools-templates or /tools-templates?category=tools. */
function tabPath(category: TemplateCategory | null): string {
  return category ? `${TEMPLATES_PATH}?category=${category}` : TEMPLATES_PATH;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const category = categoryFrom(new URL(request.url));
  const viewer = await getOptionalUser(request, context);
  const templates: TemplateCardData[] = (await listTemplates({ viewer, category })).map((template) => ({
    id: template.id,
    title: template.title,
    description: template.description,
    category: template.category,
    fileName: template.fileName,
    fileType: template.fileType,
    isPremiumOnly: template.isPremiumOnly,
    isActive: template.isActive,
    downloadCount: template.downloadCount,
  }));
  return json({
    templates,
    category,
    viewer: viewer ? { isAdmin: viewer.role === "admin", isPremium: await isPremium(viewer) } : null,
  });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Opening or closing a dialog changes only ?premium, ?upload or ?delete;
  // the list on the page is still right. A new tab does need the loader.
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("category") === nextUrl.searchParams.get("category")) {
    return false;
  }
  return defaultShouldRevalidate;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const back = tabPath(categoryFrom(new URL(request.url)));
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return await uploadTemplate(request, context);

  const formData = await readForm(request);
  const templateId = parseRouteId(formData.get("templateId"));
  switch (formData.get("intent")) {
    case "download":
      return await downloadTemplate(request, context, templateId, back);
    case "delete": {
      await requireAdmin(request, context);
      if (templateId !== null && await deleteTemplate(templateId)) {
        return await redirectWithToast(back, { type: "success", title: "Template deleted successfully" });
      }
      return await redirectWithToast(back, { type: "error", title: "Delete Failed", description: "Template not found" });
    }
    default:
      throw json({ message: "Unknown action" }, { status: 400 });
  }
}

/** Without JavaScript: straight on to the short-lived file link, or to why not. */
async function downloadTemplate(request: Request, context: RequestContext, templateId: number | null, back: string) {
  // Visitors are sent to sign in and come back here.
  const user = await requireUser(request, context);
  if (templateId === null) return await redirectWithToast(back, { type: "error", title: "Download Failed", description: "Template not found" });
  const link = await issueDownloadLink(templateId, user);
  if (link.ok) return redirect(link.downloadUrl, 303);
  if (link.message === PREMIUM_REQUIRED) {
    return redirect(`${back}${back.includes("?") ? "&" : "?"}premium=${templateId}`, 303);
  }
  return await redirectWithToast(back, { type: "error", title: "Download Failed", description: link.message || "Failed to download file" }, { status: 303 });
}

async function uploadTemplate(request: Request, context: RequestContext) {
  const admin = await requireAdmin(request, context);
  // Kept aside so a refused file does not cost the admin what they typed.
  const copy = request.clone();
  let formData: FormData;
  let file: StoredFile | null;
  try {
    ({ form: formData, file } = await receiveUpload(request, TEMPLATE_UPLOAD));
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    return await refuseFile(error, copy);
  }
  // Only a file the server stored counts as chosen; a text field of that name does not.
  if (!file) formData.delete("file");

  const submission = parseWithZod(formData, { schema: TemplateFormSchema });
  if (submission.status !== "success") {
    if (file) await discardStoredTemplateFile(file.url);
    return json<AdminFormReply>({ result: submission.reply(), notice: null }, { status: 400 });
  }
  // The chosen file wins, with its own name and (checked) type.
  const input = file ? { ...submission.value, fileUrl: file.url, fileName: file.originalName, fileType: file.contentType } : submission.value;
  try {
    const created = await createTemplate(input, admin.id);
    if (!created.ok) {
      if (file) await discardStoredTemplateFile(file.url);
      return json<AdminFormReply>(
        { result: submission.reply({ fieldErrors: created.errors ?? {}, formErrors: created.errors ? [] : [created.message] }), notice: null },
        { status: 400 },
      );
    }
  } catch (error) {
    logger.error({ err: error }, "saving a template failed");
    if (file) await discardStoredTemplateFile(file.url);
    return json<AdminFormReply>(
      {
        result: submission.reply({ formErrors: ["Failed to upload template"] }),
        notice: { type: "error", title: "Upload Failed", description: "Failed to upload template" },
      },
      { status: 500 },
    );
  }
  return await redirectWithToast(TEMPLATES_PATH, { type: "success", title: "Template uploaded successfully" });
}

async function refuseFile(error: UploadError, copy: Request) {
  // The server's own reason when it refused the file; otherwise the spec's words.
  const description = error.status === 413 || error.status === 415 ? error.message : "Failed to upload file. Please try again.";
  const notice: Notice = { type: "error", title: "Upload Failed", description };
  if (error.status === 413) {
    // Too big to read again: answer with the file error alone (the server
    // reads and discards the rest of the body, server/drain-bodies.ts).
    const result: SubmissionResult<string[]> = { status: "error", initialValue: {}, error: { file: [error.message] } };
    return json<AdminFormReply>({ result, notice }, { status: 413 });
  }
  const fields = await readTextFields(copy);
  const submission = parseWithZod(fields, { schema: TemplateFormSchema });
  return json<AdminFormReply>({ result: submission.reply({ fieldErrors: { file: [error.message] } }), notice }, { status: error.status });
}


const TABS: Array<{ category: TemplateCategory | null; label: string }> = [
  { category: null, label: "All Categories" },
  ...TEMPLATE_CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category] })),
];

export default function ToolsTemplates() {
  const { templates, category, viewer } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  // Downloads started here since the list was loaded; the server counts them as the files go out.
  const [startedDownloads, setStartedDownloads] = useState<Record<number, number>>({});
  useEffect(() => setStartedDownloads({}), [templates]);

  const closeTo = tabPath(category);
  const loginHref = `/login?redirect=${encodeURIComponent(closeTo)}`;
  const hrefWith = (name: string, value: string) => `${closeTo}${category ? "&" : "?"}${name}=${encodeURIComponent(value)}`;
  const isAdmin = viewer?.isAdmin ?? false;

  const premiumId = parseRouteId(searchParams.get("premium"));
  const deleteId = parseRouteId(searchParams.get("delete"));
  const deleting = (isAdmin && deleteId !== null ? templates.find((t) => t.id === deleteId) : undefined) ?? null;
  const uploading = isAdmin && searchParams.get("upload") === "1";

  function accessFor(template: TemplateCardData): DownloadAccess {
    if (template.isPremiumOnly && !viewer?.isPremium) return "upgrade";
    return viewer ? "download" : "sign-in";
  }

  async function download(template: TemplateCardData) {
    setDownloadingId(template.id);
    const outcome = await requestDownloadLink(template.id);
    setDownloadingId(null);
    if (outcome.ok) {
      // An attachment: the browser saves it and stays on this page.
      window.location.assign(outcome.downloadUrl);
      setStartedDownloads((started) => ({ ...started, [template.id]: (started[template.id] ?? 0) + 1 }));
      return;
    }
    if (outcome.status === 401) {
      navigate(loginHref);
    } else if (outcome.message?.includes(PREMIUM_REQUIRED_MARKER)) {
      navigate(hrefWith("premium", String(template.id)), { preventScrollReset: true });
    } else {
      showToast({ type: "error", title: "Download Failed", description: outcome.message ?? "Failed to download file" });
    }
  }

  const emptyCategoryLabel = category ? CATEGORY_LABELS[category] : null;

  return (
    <AdminCrudPage
      noun="Template"
      idField="templateId"
      title="Tools & Templates"
      description="Worksheets, calculators and business tools for your practice."
      create={isAdmin ? { title: "Upload Template", to: hrefWith("upload", "1"), icon: Upload } : null}
      closeTo={closeTo}
      dialogs={{ creating: uploading, editing: null, deleting }}
      formDescription="Add a tool, template or calculator to the library."
      form={() => <TemplateForm reply={actionData} closeTo={closeTo} />}
      confirmDelete={(template) => ({ subject: template.title, explanation: DELETE_QUESTION })}
    >

      <nav aria-label="Categories" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const active = tab.category === category;
            return (
              <li key={tab.category ?? "all"}>
                <Link
                  to={tabPath(tab.category)}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "inline-block rounded-full border px-4 py-1.5 text-sm transition",
                    active ? "border-accent bg-accent/20" : "border-primary/40 hover:bg-primary/15",
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <CardGrid
        label="Templates"
        items={templates}
        empty={
          <EmptyState
            icon={FolderOpen}
            title="No templates available"
            message={emptyCategoryLabel ? `No templates found in the ${emptyCategoryLabel} category.` : "No templates have been uploaded yet."}
          />
        }
      >
        {(template) => (
          <TemplateCard
            template={{ ...template, downloadCount: template.downloadCount + (startedDownloads[template.id] ?? 0) }}
            access={accessFor(template)}
            isAdmin={isAdmin}
            hrefWith={hrefWith}
            loginHref={loginHref}
            downloading={downloadingId === template.id}
            onDownload={hydrated ? download : undefined}
          />
        )}
      </CardGrid>

      {premiumId !== null ? (
        <PremiumDialog templateTitle={templates.find((t) => t.id === premiumId)?.title ?? null} closeTo={closeTo} />
      ) : null}
    </AdminCrudPage>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={TEMPLATES_PATH} backLabel="Back to Tools & Templates" />;
}
