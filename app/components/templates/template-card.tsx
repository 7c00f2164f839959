import { Link } from "@remix-run/react";
import { Crown, Download, Lock } from "~/components/ui/icons";
import type { FormEvent } from "react";
import { ConfirmDeleteButton } from "~/components/admin/confirm-delete";
import { FileTypeIcon, fileTypeLabel } from "~/components/templates/file-icon";
import { buttonClasses } from "~/components/ui/button";
import { CATEGORY_LABELS, type TemplateCategory } from "~/schemas/templates";

export interface TemplateCardData {
  id: number;
  title: string;
  description: string;
  category: TemplateCategory;
  fileName: string;
  fileType: string;
  isPremiumOnly: boolean;
  isActive: boolean;
  downloadCount: number;
}

/** What the viewer's Download button does: sign in first, upgrade first, or download. */
export type DownloadAccess = "sign-in" | "upgrade" | "download";

export const DELETE_QUESTION = "Delete this template? Its uploaded file is removed too.";

const badgeClasses = "rounded-full border px-2 py-0.5";

export function TemplateCard({
  template,
  access,
  isAdmin,
  hrefWith,
  loginHref,
  downloading,
  onDownload,
}: {
  template: TemplateCardData;
  access: DownloadAccess;
  isAdmin: boolean;
  /** The page's URL with one more query parameter, keeping the category tab. */
  hrefWith: (name: string, value: string) => string;
  loginHref: string;
  downloading: boolean;
  /** With JavaScript: download through the JSON API instead of posting the form. */
  onDownload?: (template: TemplateCardData) => void;
}) {
  const typeLabel = fileTypeLabel(template.fileName, template.fileType);

  function downloadWithScript(event: FormEvent<HTMLFormElement>) {
    if (!onDownload) return;
    event.preventDefault();
    onDownload(template);
  }

  return (
    <article id={`template-${template.id}`} className="card flex h-full flex-col gap-3 scroll-mt-24" data-testid="template-card" aria-label={template.title}>
      <div className="flex items-start gap-3">
        <FileTypeIcon fileName={template.fileName} />
        <h2 className="flex flex-1 items-center gap-2 font-display text-lg font-semibold">
          <span>{template.title}</span>
          {template.isPremiumOnly ? (
            <span className="text-accent" title="Premium" role="img" aria-label="Premium">
              <Crown className="h-4 w-4" aria-hidden />
            </span>
          ) : null}
        </h2>
        {isAdmin ? (
          <ConfirmDeleteButton
            label={`Delete ${template.title}`}
            question={DELETE_QUESTION}
            confirmHref={hrefWith("delete", String(template.id))}
            fields={{ templateId: String(template.id) }}
          />
        ) : null}
      </div>

      <p className="text-sm opacity-85">{template.description}</p>

      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`${badgeClasses} border-accent/50 bg-accent/10`}>{CATEGORY_LABELS[template.category]}</span>
        <span className={`${badgeClasses} border-primary/50 bg-primary/15`}>{typeLabel}</span>
        {template.isPremiumOnly ? <span className={`${badgeClasses} border-amber-400/50 bg-amber-500/15 text-amber-100`}>Premium</span> : null}
        {template.isActive ? null : <span className={`${badgeClasses} border-red-400/50 bg-red-500/15`}>Inactive</span>}
      </div>

      <dl className="flex justify-between gap-4 text-sm opacity-80">
        <div className="flex gap-1">
          <dt>Type:</dt>
          <dd>{typeLabel}</dd>
        </div>
        <div className="flex gap-1">
          <dt>Downloads:</dt>
          <dd data-testid="download-count">{template.downloadCount}</dd>
        </div>
      </dl>

      <div className="mt-auto pt-2">
        {access === "sign-in" ? (
          <Link to={loginHref} className={buttonClasses("primary", "w-full")}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </Link>
        ) : access === "upgrade" ? (
          <Link to={hrefWith("premium", String(template.id))} preventScrollReset className={buttonClasses("outline", "w-full")}>
            <Lock className="h-4 w-4" aria-hidden /> Upgrade to Download
          </Link>
        ) : (
          // A plain form posted to this page's URL: without JavaScript the action answers with a redirect to the file.
          <form method="post" onSubmit={downloadWithScript}>
            <input type="hidden" name="intent" value="download" />
            <input type="hidden" name="templateId" value={template.id} />
            <button type="submit" className={buttonClasses("primary", "w-full")} disabled={downloading}>
              <Download className="h-4 w-4" aria-hidden /> {downloading ? "Preparing..." : "Download"}
            </button>
          </form>
        )}
      </div>
    </article>
  );
}
