import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/utils/misc";

export type ButtonVariant = "primary" | "outline" | "ghost" | "destructive";
export type ButtonSize = "md" | "sm" | "lg" | "icon";

const variantClasses: Record<ButtonVariant, string> = {
  primary: "bg-primary text-on-primary shadow hover:bg-primary/85",
  outline: "border border-primary/60 text-foreground hover:bg-primary/15",
  ghost: "text-foreground hover:bg-primary/15",
  destructive: "bg-red-600 text-white hover:bg-red-500",
};

const sizeClasses: Record<ButtonSize, string> = {
  md: "px-4 py-2 text-sm",
  sm: "px-3 py-2 text-sm",
  lg: "px-6 py-3 text-base",
  icon: "p-2",
};

// Sizes and variants never overlap, so plain class joining is enough.
export const buttonClasses = (variant: ButtonVariant = "primary", extra?: string, size: ButtonSize = "md") =>
  cn(
    "inline-flex items-center gap-2 rounded-md font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60",
    extra?.includes("justify-") ? null : "justify-center",
    variantClasses[variant],
    sizeClasses[size],
    extra,
  );

export const Button = forwardRef<
  HTMLButtonElement,
  ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }
>(function Button({ className, variant, size, type = "button", ...props }, ref) {
  return <button ref={ref} type={type} className={buttonClasses(variant, className, size)} {...props} />;
});
