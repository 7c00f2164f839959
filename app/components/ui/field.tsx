import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "~/utils/misc";

// Defined in app/styles/tailwind.css (components layer), like the buttons.
export const inputClasses = "input-field";

export const labelClasses = "mb-1 block text-sm font-medium";

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const messages = errors?.filter(Boolean) ?? [];
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-300">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A labelled input with its error list, wired for screen readers. */
export function Field({
  label,
  errors,
  className,
  inputProps,
}: {
  label: string;
  errors?: string[] | null;
  className?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={cn(inputClasses, inputProps.className)}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled textarea with an optional hint and its error list (conform's props carry the ids). */
export function TextareaField({
  label,
  errors,
  errorId,
  hint,
  textareaProps,
}: {
  label: string;
  errors?: string[] | null;
  errorId?: string;
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  return (
    <div>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <textarea {...textareaProps} id={id} className={cn(inputClasses, textareaProps.className)} />
      {hint ? <p className="mt-1 text-xs opacity-70">{hint}</p> : null}
      <ErrorList id={errorId ?? (errors?.length ? `${id}-error` : undefined)} errors={errors} />
    </div>
  );
}

/** Errors that belong to the whole form, announced as an alert. */
export function FormErrors({ errors, title }: { errors?: string[] | null; title?: string | null }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm">
      {title ? <p className="font-semibold">{title}</p> : null}
      <ErrorList errors={errors} />
    </div>
  );
}
