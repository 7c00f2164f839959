import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/utils/misc";

export type ButtonVariant = "primary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "md" | "sm" | "lg" | "icon";

// The classes live in app/styles/tailwind.css (components layer): one short
// class list per button keeps pages small, and utilities in `extra` win over them.
export const buttonClasses = (variant: ButtonVariant = "primary", extra?: string, size: ButtonSize = "md") =>
  cn("btn", `btn-${variant}`, `btn-${size}`, extra);

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ className, variant, size, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className, size)} {...props} />;
});
