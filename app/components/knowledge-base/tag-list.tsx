/** The first `max` tags, then "+n" for the rest (spec §9: two in the public list, three in admin). */
export function TagList({ tags, max }: { tags: string[]; max: number }) {
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const hidden = tags.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5 text-xs" aria-label="Tags">
      {shown.map((tag, i) => (
        <li key={`${tag}-${i}`} className="chip chip-primary">
          {tag}
        </li>
      ))}
      {hidden > 0 ? (
        <li className="chip border-primary/40 opacity-80" title={tags.slice(max).join(", ")}>
          {`+${hidden}`}
        </li>
      ) : null}
    </ul>
  );
}

export function PublishedBadge({ isPublished }: { isPublished: boolean }) {
  return isPublished ? (
    <span className="rounded-full border border-emerald-400/50 bg-emerald-500/20 px-2 py-0.5 text-xs text-emerald-100">Published</span>
  ) : (
    <span className="rounded-full border border-amber-400/50 bg-amber-500/20 px-2 py-0.5 text-xs text-amber-100">Draft</span>
  );
}
