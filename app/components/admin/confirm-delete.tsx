import { Form, Link } from "@remix-run/react";
import { Trash2 } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { UrlDialog } from "~/components/ui/dialog";
import { AppLink } from "~/components/ui/app-link";

/**
 * The trash-can button of a card or post. With JavaScript it posts
 * `intent=delete` after window.confirm; without, it links to `confirmHref`,
 * where the page shows a confirmation panel with the real delete form.
 */
export function ConfirmDeleteButton({
  label,
  question,
  confirmHref,
  fields,
  intent = "delete",
  text,
  quiet = false,
}: {
  label: string;
  question: string;
  confirmHref: string;
  fields: Record<string, string>;
  intent?: string;
  /** A visible label instead of the icon (then a small destructive button): a post's actions are words, lighter per row. */
  text?: string;
  /** A word among a post's actions rather than a red button: the confirmation carries the weight. */
  quiet?: boolean;
}) {
  const hydrated = useHydrated();
  const className = quiet
    ? buttonClasses("ghost", "opacity-80 hover:text-red-200 hover:opacity-100", "sm")
    : text
      ? buttonClasses("destructive", undefined, "sm")
      : buttonClasses("ghost", "text-red-300 hover:bg-red-500/20", "icon");
  const content = text ?? <Trash2 className="h-4 w-4" aria-hidden />;
  if (!hydrated) {
    return (
      <AppLink to={confirmHref} preventScrollReset aria-label={label} title={label} className={className}>
        {content}
      </AppLink>
    );
  }
  return (
    <Form
      method="post"
      preventScrollReset
      onSubmit={(event) => {
        if (!window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-label={label} title={label} className={className}>
        {content}
      </button>
    </Form>
  );
}

/** The confirmation page (a dialog with JavaScript) behind `?delete={id}`. */
export function ConfirmDeleteDialog({
  title,
  subject,
  explanation,
  closeTo,
  fields,
  buttonLabel,
  intent = "delete",
  children,
}: {
  title: string;
  subject: string;
  explanation: string;
  closeTo: string;
  fields: Record<string, string>;
  buttonLabel: string;
  intent?: string;
  /** Extra choices sent with the delete (e.g. a checkbox), shown above the buttons. */
  children?: ReactNode;
}) {
  return (
    <UrlDialog title={title} description={subject} closeTo={closeTo}>
      <p className="text-sm opacity-85">{explanation}</p>
      <Form method="post" action={closeTo} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClasses("ghost")}>
            Cancel
          </Link>
          <button type="submit" className={buttonClasses("destructive")}>
            {buttonLabel}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
