import { useEffect, useId, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from "react";
import { z } from "zod";

// A post's textarea that suggests members after an @ (issue 47): those whose
// username starts with what follows it and who may read where the post goes
// (GET /api/forum/mentions). Arrow keys move through the suggestions, Enter
// or Tab takes one, Escape closes them; a screen reader hears how many there
// are and which is active (aria-activedescendant on the textarea itself).
// Without JavaScript it is a plain textarea: typing @username still works.

export type MentionScope = { categoryId: number } | { topicId: number };

const MembersSchema = z.object({ members: z.array(z.object({ username: z.string(), name: z.string().nullable() })) });
type Member = z.infer<typeof MembersSchema>["members"][number];

/** The @word being typed just before the caret, or null. */
export function mentionAtCaret(text: string, caret: number): { word: string; start: number } | null {
  const match = /(?:^|[\s(])@([A-Za-z0-9_.-]{1,40})$/.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { word: match[1], start: caret - match[1].length - 1 };
}

/** Sets a textarea's value as typing would, so React's onChange and the form library see it. */
function typeInto(textarea: HTMLTextAreaElement, value: string, caret: number) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set;
  setter?.call(textarea, value);
  textarea.dispatchEvent(new Event("input", { bubbles: true }));
  textarea.setSelectionRange(caret, caret);
}

export function MentionTextarea({ scope, onKeyDown, onChange, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { scope: MentionScope | null }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [typed, setTyped] = useState<{ word: string; start: number } | null>(null);
  const [members, setMembers] = useState<Member[]>([]);
  const [active, setActive] = useState(0);
  const scopeQuery = scope ? ("categoryId" in scope ? `categoryId=${scope.categoryId}` : `topicId=${scope.topicId}`) : null;
  const word = typed?.word ?? null;

  useEffect(() => {
    if (!word || !scopeQuery) {
      setMembers([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/forum/mentions?q=${encodeURIComponent(word)}&${scopeQuery}`, { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => (response.ok ? MembersSchema.parse(await response.json()).members : []))
        .then((found) => {
          setMembers(found);
          setActive(0);
        })
        .catch(() => {
          // A suggestion is a convenience: without one the member types the name.
        });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [word, scopeQuery]);

  const open = typed !== null && members.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function notice(textarea: HTMLTextAreaElement) {
    setTyped(mentionAtCaret(textarea.value, textarea.selectionStart));
  }

  function choose(member: Member) {
    const textarea = ref.current;
    if (!textarea || !typed) return;
    const before = textarea.value.slice(0, typed.start);
    const after = textarea.value.slice(textarea.selectionStart);
    const inserted = `@${member.username} `;
    typeInto(textarea, before + inserted + after, before.length + inserted.length);
    setTyped(null);
    setMembers([]);
    textarea.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + members.length) % members.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const member = members[active];
        if (member) {
          event.preventDefault();
          choose(member);
          return;
        }
      }
      if (event.key === "Escape") {
        event.preventDefault();
        // Escape closes the list only (a dialog around the editor stays open).
        event.stopPropagation();
        setTyped(null);
        setMembers([]);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <div className="relative">
      <textarea
        {...props}
        ref={ref}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        onKeyDown={handleKeyDown}
        onChange={(event) => {
          notice(event.currentTarget);
          onChange?.(event);
        }}
        onClick={(event) => notice(event.currentTarget)}
        onBlur={() => setTyped(null)}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Members to mention" className="absolute left-0 z-30 mt-1 max-h-64 w-full max-w-sm overflow-auto rounded-md border border-primary/40 bg-background py-1 shadow-lg">
          {members.map((member, index) => (
            <li
              key={member.username}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? "bg-primary/25" : "hover:bg-primary/15"}`}
              // Chosen before the textarea loses focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
            >
              <span className="font-semibold">@{member.username}</span>
              {member.name ? <span className="ml-2 opacity-75">{member.name}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {open ? `${members.length} ${members.length === 1 ? "member" : "members"} to mention. Up and down arrows move, Enter chooses.` : ""}
      </p>
    </div>
  );
}
