import { cn } from "~/utils/misc";

/** Forum initials: the first two letters of the username, uppercase (spec). */
export function forumInitials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

const roleClasses: Record<string, string> = {
  admin: "text-yellow-300",
  moderator: "text-blue-300",
};

export function AuthorAvatar({ username, size = "md" }: { username: string; size?: "sm" | "md" }) {
  return (
    <span aria-hidden data-testid="author-avatar" className={size === "sm" ? "avatar avatar-sm" : "avatar"}>
      {forumInitials(username)}
    </span>
  );
}

/** A username coloured by role: admin yellow, moderator blue, others plain. */
export function AuthorName({ author }: { author: { username: string; role: string } }) {
  return (
    <span className={cn("font-semibold", roleClasses[author.role])} data-role={author.role}>
      {author.username}
      {author.role === "admin" || author.role === "moderator" ? (
        <span className="ml-1 text-xs font-normal uppercase opacity-80">({author.role})</span>
      ) : null}
    </span>
  );
}
