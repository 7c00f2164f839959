import type { PublicUser } from "~/models/accounts/user.server";
import type { ContactLink } from "~/schemas/academy-contact";
import { AppLink } from "~/components/ui/app-link";

function platformLinks(user: Pick<PublicUser, "role"> | null) {
  if (!user) {
    return ["Dashboard", "Courses", "Progress Tracking", "Certificates"].map((label) => ({ label, to: "/login" }));
  }
  return [
    { label: "Dashboard", to: user.role === "admin" ? "/dashboard" : "/students" },
    { label: "Courses", to: "/courses" },
    { label: "Progress Tracking", to: "/students?tab=progress" },
    { label: "Certificates", to: "/students?tab=certificates" },
  ];
}

const supportLinks = [
  { label: "Knowledge Base", to: "/knowledge-base" },
  { label: "Community Forum", to: "/community" },
  { label: "Tools & Templates", to: "/tools-templates" },
];

const legalLinks = [
  { label: "Privacy Policy", to: "/legal#privacy" },
  { label: "Terms of Service", to: "/legal#terms" },
  { label: "Code of Ethics", to: "/legal#ethics" },
];

function LinkColumn({ title, links, contact }: { title: string; links: { label: string; to: string }[]; contact?: ContactLink | null }) {
  return (
    <div>
      <h2 className="mb-3 font-semibold text-accent">{title}</h2>
      <ul className="footer-links">
        {links.map((link) => (
          <li key={link.label}>
            <AppLink to={link.to}>{link.label}</AppLink>
          </li>
        ))}
        {/* Only when the admin set an address: no link to nowhere. */}
        {contact ? (
          <li>
            <a href={contact.href} data-testid="footer-contact">
              Contact us
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export function SiteFooter({ user, contact }: { user: Pick<PublicUser, "role"> | null; contact: ContactLink | null }) {
  return (
    <footer className="mt-16 border-t border-primary/20 bg-black/20">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="font-display text-lg">Mystic Academy</p>
          <p className="mt-2 text-sm opacity-75">
            Training, community and tools for spiritual advisors who want to serve clients with skill and integrity.
          </p>
        </div>
        <LinkColumn title="Platform" links={platformLinks(user)} />
        <LinkColumn title="Support" links={supportLinks} contact={contact} />
        <LinkColumn title="Legal" links={legalLinks} />
      </div>
      <p className="pb-8 text-center text-xs opacity-60">
        © 2024–{new Date().getFullYear()} Mystic Academy. All rights reserved.
      </p>
    </footer>
  );
}
