import { Link } from "@remix-run/react";
import { BookOpen, FileText, FolderOpen, Lock } from "~/components/ui/icons";
import type { ChatSource } from "~/schemas/companion";

const SOURCE_KIND_LABEL: Record<ChatSource["kind"], string> = { lesson: "Lesson: ", article: "Article: ", template: "Tool or template: " };

const cardClasses = "flex items-start gap-2 rounded-lg border p-2 text-xs transition";

/**
 * The passages an answer drew on. Numbered sources match the answer's [n]
 * citations; a locked source (Premium material this member cannot open) is
 * only a title and a link to its course page, never a citation.
 */
export function SourceCards({ sources, onFollow }: { sources: ChatSource[]; onFollow: () => void }) {
  if (sources.length === 0) return null;
  return (
    <ul aria-label="Sources" className="mt-3 space-y-2">
      {sources.map((source, index) => (
        <li key={`${source.url}-${source.n ?? "locked"}-${index}`}>
          {source.locked ? (
            <Link
              to={source.url}
              onClick={onFollow}
              className={`${cardClasses} border-accent/40 bg-accent/5 hover:border-accent/70`}
              data-testid="companion-source-locked"
            >
              <Lock className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
              <span>
                <span className="block font-medium">{source.title}</span>
                <span className="block opacity-80">Premium lesson — upgrade to read</span>
              </span>
            </Link>
          ) : (
            <Link
              to={source.url}
              onClick={onFollow}
              className={`${cardClasses} border-primary/30 bg-black/20 hover:border-primary/60`}
              data-testid="companion-source"
            >
              {source.n !== null ? <span className="font-semibold text-accent">[{source.n}]</span> : null}
              {source.kind === "lesson" ? (
                <BookOpen className="mt-0.5 h-4 w-4 shrink-0 opacity-80" aria-hidden />
              ) : source.kind === "template" ? (
                <FolderOpen className="mt-0.5 h-4 w-4 shrink-0 opacity-80" aria-hidden />
              ) : (
                <FileText className="mt-0.5 h-4 w-4 shrink-0 opacity-80" aria-hidden />
              )}
              <span>
                <span className="sr-only">{SOURCE_KIND_LABEL[source.kind]}</span>
                <span className="block font-medium">{source.title}</span>
                {source.heading ? <span className="block opacity-75">{source.heading}</span> : null}
              </span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
