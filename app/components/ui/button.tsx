import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "~/utils/misc";

export type ButtonVariant = "primary" | "outline" | "ghost" | "destructive";

export const buttonClasses = (variant: ButtonVariant = "primary", extra?: string) =>
  cn(
    "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60",
    variant === "primary" && "bg-primary text-white shadow hover:bg-primary/85",
    variant === "outline" && "border border-primary/60 text-foreground hover:bg-primary/15",
    variant === "ghost" && "text-foreground hover:bg-primary/15",
    variant === "destructive" && "bg-red-600 text-white hover:bg-red-500",
    extra,
  );

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }>(
  function Button({ className, variant, type = "button", ...props }, ref) {
    return <button ref={ref} type={type} className={buttonClasses(variant, className)} {...props} />;
  },
);
