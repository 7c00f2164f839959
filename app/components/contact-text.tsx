import { useContactLink } from "~/utils/root-data";

// Wherever the site tells members to "contact the academy" (or support, or us),
// the phrase links to the address the admin set. Without one the sentence
// stays as it is: honest, with nothing to click.

const CONTACT_PHRASE = /contact (the academy|support|us)/i;

export function ContactText({ text }: { text: string }) {
  const link = useContactLink();
  const match = CONTACT_PHRASE.exec(text);
  if (!link || !match) return <>{text}</>;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length);
  return (
    <>
      {before}
      <a href={link.href} className="font-semibold underline underline-offset-4" title={link.label} data-testid="contact-link">
        {match[0]}
      </a>
      {after}
    </>
  );
}
