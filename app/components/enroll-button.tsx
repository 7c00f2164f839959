import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";

export const ENROLL_AFTER_LOGIN_KEY = "academy.enrollAfterLogin";
const SIGNED_IN_DELAY_MS = 800;
const VISITOR_DELAY_MS = 1200;

/**
 * Spec §4: a short "Accessing..." (signed in) or "Enrolling..." (visitor) pause,
 * then the course page, or the login page with the course saved for after it.
 * Without JavaScript it is a plain link to the same places.
 */
export function EnrollButton({ courseId, signedIn }: { courseId: number; signedIn: boolean }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const coursePath = `/course/${courseId}`;
  const href = signedIn ? coursePath : `/login?redirect=${encodeURIComponent(coursePath)}`;
  return (
    <Link
      to={href}
      aria-disabled={busy || undefined}
      className={buttonClasses("primary", busy ? "pointer-events-none w-full opacity-70" : "w-full")}
      onClick={(event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        setTimeout(
          () => {
            if (!signedIn) window.localStorage.setItem(ENROLL_AFTER_LOGIN_KEY, String(courseId));
            navigate(signedIn ? coursePath : "/login");
          },
          signedIn ? SIGNED_IN_DELAY_MS : VISITOR_DELAY_MS,
        );
      }}
    >
      {busy ? (signedIn ? "Accessing..." : "Enrolling...") : signedIn ? "Enter Course" : "Enroll Now"}
    </Link>
  );
}
