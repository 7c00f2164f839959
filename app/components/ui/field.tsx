import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
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
  hint,
  inputProps,
}: {
  label: string;
  errors?: string[] | null;
  className?: string;
  /** A sentence under the label, read with the input by screen readers. */
  hint?: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm opacity-75">
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
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

// The same fields bound to a conform field (its name, id, default value,
// constraints and errors), for forms made with useForm.

/** A text or number input bound to a conform field; other input attributes (placeholder, min…) pass through. */
export function BoundInput<Schema>({
  label,
  meta,
  type = "text",
  className,
  ...attributes
}: {
  label: string;
  meta: FieldMetadata<Schema>;
  type?: "text" | "number" | "date";
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return <Field label={label} className={className} errors={meta.errors} inputProps={{ ...getInputProps(meta, { type }), ...attributes }} />;
}

/** A textarea bound to a conform field. */
export function BoundTextarea<Schema>({ label, meta, rows, hint }: { label: string; meta: FieldMetadata<Schema>; rows: number; hint?: ReactNode }) {
  return <TextareaField label={label} errors={meta.errors} errorId={meta.errorId} hint={hint} textareaProps={{ ...getTextareaProps(meta), rows }} />;
}

/** A select bound to a conform field; an option is its value, or a value with its own label. */
export function BoundSelect<Schema>({
  label,
  meta,
  options,
}: {
  label: string;
  meta: FieldMetadata<Schema>;
  options: ReadonlyArray<string | { value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className={labelClasses}>
        {label}
      </label>
      <select {...getSelectProps(meta)} className={inputClasses}>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A file input bound to a conform field; `note` (a hint, or progress) stands under it. */
export function BoundFileInput<Schema>({
  label,
  meta,
  accept,
  disabled,
  onChange,
  note,
}: {
  label: string;
  meta: FieldMetadata<Schema>;
  accept: string;
  disabled?: boolean;
  onChange?: InputHTMLAttributes<HTMLInputElement>["onChange"];
  note: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className={labelClasses}>
        {label}
      </label>
      <input
        {...getInputProps(meta, { type: "file" })}
        accept={accept}
        disabled={disabled}
        onChange={onChange}
        className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary disabled:opacity-60"
      />
      {note}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A checkbox bound to a conform field, with its label beside it. */
export function BoundCheckbox<Schema>({ label, meta, className }: { label: ReactNode; meta: FieldMetadata<Schema>; className?: string }) {
  return (
    <label className={cn("flex items-center gap-2", className)}>
      <input {...getInputProps(meta, { type: "checkbox" })} className="h-4 w-4" />
      <span>{label}</span>
    </label>
  );
}
