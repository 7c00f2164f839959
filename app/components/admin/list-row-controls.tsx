import type { FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Trash2 } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/utils/misc";

export const smallListButton = (extra?: string) => buttonClasses("ghost", cn("border border-primary/30", extra), "sm");

/**
 * Up, Down and Remove for one row of a conform field list (a lesson's
 * sections, a quiz's questions). They are conform intent buttons: with
 * JavaScript they act at once; without, they post the form, which comes back
 * with the rows changed and nothing saved.
 */
export function ListRowControls<Schema extends Record<string, unknown>>({
  form,
  listName,
  index,
  count,
  noun,
}: {
  form: FormMetadata<Schema>;
  listName: string;
  index: number;
  count: number;
  /** "section", "question": read out as "Move question 2 up". */
  noun: string;
}) {
  const number = index + 1;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <button
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        disabled={index === 0}
        aria-label={`Move ${noun} ${number} up`}
        className={smallListButton()}
      >
        <ArrowUp className="h-4 w-4" aria-hidden /> Up
      </button>
      <button
        {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        disabled={index === count - 1}
        aria-label={`Move ${noun} ${number} down`}
        className={smallListButton()}
      >
        <ArrowDown className="h-4 w-4" aria-hidden /> Down
      </button>
      <button {...form.remove.getButtonProps({ name: listName, index })} aria-label={`Remove ${noun} ${number}`} className={smallListButton("text-red-300")}>
        <Trash2 className="h-4 w-4" aria-hidden /> Remove
      </button>
    </div>
  );
}
