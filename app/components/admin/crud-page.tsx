import { Link, useSearchParams } from "@remix-run/react";
import { Fragment, type ComponentProps, type ReactNode } from "react";
import { ConfirmDeleteButton, ConfirmDeleteDialog } from "~/components/admin/confirm-delete";
import { ArrowLeft, Pencil, Plus, type LucideIcon } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { cn, parseRouteId } from "~/utils/misc";
import { AppLink } from "~/components/ui/app-link";

// The shell of a page where an admin creates, edits and deletes things
// (courses, lessons, articles, forum categories, conferences, templates). Its
// dialogs are driven by the URL (docs/decisions/005-url-driven-admin-dialogs.md):
// ?new=1, ?edit={id} and ?delete={id} are plain links, so every step works
// without JavaScript.

/** Which of the page's dialogs the URL opens, and for which of `items`. */
export function useUrlDialogs<Item extends { id: number }>(items: readonly Item[], { openable }: { openable?: (item: Item) => boolean } = {}) {
  const [searchParams] = useSearchParams();
  const editId = parseRouteId(searchParams.get("edit"));
  const find = (id: number | null) => (id === null ? null : (items.find((item) => item.id === id && (openable?.(item) ?? true)) ?? null));
  return {
    creating: searchParams.get("new") === "1",
    editId,
    editing: find(editId),
    deleting: find(parseRouteId(searchParams.get("delete"))),
  };
}

const PAGE_WIDTH = { "5xl": "max-w-5xl", "6xl": "max-w-6xl", "7xl": "max-w-7xl" } as const;

/**
 * The page: a way back, the heading with its create link, the page's own
 * content, and whichever dialog the URL opens. The dialogs' words come from
 * `noun` ("Create Course", "Edit Course", "Delete this course?", "Delete Course").
 */
export function AdminCrudPage<Editing extends { id: number }, Deleting extends { id: number }>({
  noun,
  idField,
  width = "7xl",
  back,
  title,
  description,
  actions,
  create = {},
  closeTo,
  dialogs: { creating, editing, deleting },
  form,
  formSize,
  formDescription,
  confirmDelete,
  children,
}: {
  noun: string;
  /** The form field that names a record to the action: "courseId", "articleId"… */
  idField: string;
  width?: keyof typeof PAGE_WIDTH;
  /** The link above the heading, back to where the admin came from. */
  back?: { to: string; label: string };
  title: string;
  description: ReactNode;
  /** More buttons in the header, before the create link. */
  actions?: ReactNode;
  /** The link that opens the create dialog (to ?new=1 unless `to` says otherwise) and that dialog's title; null: no link. */
  create?: { label?: string; title?: string; to?: string; icon?: LucideIcon } | null;
  /** Where the dialogs close to: the page without its dialog parameters. */
  closeTo: string;
  /** Which dialog the URL opens (useUrlDialogs). */
  dialogs: { creating: boolean; editing: Editing | null; deleting: Deleting | null };
  /** The create (null) or edit form. */
  form: (editing: Editing | null) => ReactNode;
  formSize?: "md" | "lg";
  formDescription?: ReactNode;
  /** What the delete confirmation says about the record (and more choices to send with it). */
  confirmDelete: (deleting: Deleting) => Pick<ComponentProps<typeof ConfirmDeleteDialog>, "subject" | "explanation" | "children">;
  children: ReactNode;
}) {
  const CreateIcon = create?.icon ?? Plus;
  const createTitle = create?.title ?? `Create ${noun}`;
  const createLink = create ? (
    <Link to={create.to ?? "?new=1"} preventScrollReset className={buttonClasses("primary")}>
      <CreateIcon className="h-4 w-4" aria-hidden /> {create.label ?? createTitle}
    </Link>
  ) : null;
  return (
    <div className={cn("mx-auto px-4 py-10", PAGE_WIDTH[width])}>
      {back ? (
        <AppLink to={back.to} className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden /> {back.label}
        </AppLink>
      ) : null}
      <header className={cn("flex flex-wrap items-center justify-between gap-4", back && "mt-4")}>
        <div>
          <h1 className="font-display text-3xl">{title}</h1>
          <p className="mt-1 opacity-80">{description}</p>
        </div>
        {actions ? (
          <div className="flex flex-wrap gap-2">
            {actions}
            {createLink}
          </div>
        ) : (
          createLink
        )}
      </header>

      {children}

      {creating || editing !== null ? (
        <UrlDialog title={editing !== null ? `Edit ${noun}` : createTitle} description={formDescription} closeTo={closeTo} size={formSize}>
          {/* A new form for each record: conform keeps its state per form. */}
          <Fragment key={editing?.id ?? "new"}>{form(editing)}</Fragment>
        </UrlDialog>
      ) : null}

      {deleting !== null ? (
        <ConfirmDeleteDialog
          title={`Delete this ${noun.toLowerCase()}?`}
          buttonLabel={`Delete ${noun}`}
          closeTo={closeTo}
          fields={{ [idField]: String(deleting.id) }}
          {...confirmDelete(deleting)}
        />
      ) : null}
    </div>
  );
}

/** A record's Edit link (?edit={id}) and its delete button (with a ?delete={id} confirmation step without JavaScript). */
export function RecordActions({
  id,
  name,
  idField,
  question,
  deleteText,
}: {
  id: number;
  /** What the record is called, for the delete button's label. */
  name: string;
  idField: string;
  /** What the browser's confirm() asks before deleting. */
  question: string;
  /** A word on the delete button instead of the trash icon. */
  deleteText?: string;
}) {
  return (
    <>
      <Link to={`?edit=${id}`} preventScrollReset className={buttonClasses("outline", undefined, "sm")}>
        <Pencil className="h-4 w-4" aria-hidden /> Edit
      </Link>
      <ConfirmDeleteButton
        label={`Delete ${name}`}
        text={deleteText}
        question={question}
        confirmHref={`?delete=${id}`}
        fields={{ [idField]: String(id) }}
      />
    </>
  );
}

/** The page's records as a grid of cards, or `empty` when there are none. */
export function CardGrid<Item extends { id: number }>({
  label,
  items,
  empty,
  className = "mt-8",
  children,
}: {
  label: string;
  items: readonly Item[];
  empty: ReactNode;
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-3", className)} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** What a list shows when it has nothing in it yet. */
export function EmptyState({ icon: Icon, title, message, className = "mt-8" }: { icon?: LucideIcon; title: string; message: ReactNode; className?: string }) {
  return (
    <div className={cn("card text-center", className)}>
      {Icon ? <Icon className="mx-auto h-10 w-10 text-accent" aria-hidden /> : null}
      <p className={cn("text-lg", Icon && "mt-3")}>{title}</p>
      <p className="mt-1 text-sm opacity-75">{message}</p>
    </div>
  );
}
