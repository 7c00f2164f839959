import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/utils/misc";

export const BUTTON_VARIANTS = ["primary", "outline", "ghost", "destructive"] as const;
export const BUTTON_SIZES = ["md", "sm", "lg", "icon"] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

// The classes live in app/styles/tailwind.css (components layer): one short
// class list per button keeps pages small, and utilities in `extra` win over them.
// Every class name is written out in full: Tailwind only emits a components-layer
// rule when its scanner finds the literal name in the source (issue 31).
const VARIANT_CLASS: Record<ButtonVariant, string> = {
  primary: "btn-primary",
  outline: "btn-outline",
  ghost: "btn-ghost",
  destructive: "btn-destructive",
};
const SIZE_CLASS: Record<ButtonSize, string> = {
  md: "btn-md",
  sm: "btn-sm",
  lg: "btn-lg",
  icon: "btn-icon",
};

export const buttonClasses = (variant: ButtonVariant = "primary", extra?: string, size: ButtonSize = "md") =>
  cn("btn", VARIANT_CLASS[variant], SIZE_CLASS[size], extra);

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ className, variant, size, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className, size)} {...props} />;
});
