import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Privacy, terms and ethics — Mystic Academy" }];

export default function LegalPage() {
  return (
    <div className="prose-academy mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-display text-3xl">Privacy, terms and ethics</h1>
      <section id="privacy" className="mt-8 scroll-mt-24">
        <h2 className="font-display text-2xl">Privacy Policy</h2>
        <p>
          The Academy stores what it needs to run your account: your username, a salted hash of your password, your
          profile details, your course progress and certificates, your forum posts and your saved calculator figures.
          Everything is kept on the academy&apos;s own server. Payments are handled by our card provider; we never see or
          store card numbers.
        </p>
        <p>We use one session cookie to keep you signed in and one short-lived cookie to show messages. No tracking.</p>
      </section>
      <section id="terms" className="mt-8 scroll-mt-24">
        <h2 className="font-display text-2xl">Terms of Service</h2>
        <p>
          Course material is for your own study and practice. Premium is billed monthly and can be cancelled at any time;
          it stays active until the end of the paid period. Be kind in the community: posts that harass, deceive or
          advertise may be removed.
        </p>
      </section>
      <section id="ethics" className="mt-8 scroll-mt-24">
        <h2 className="font-display text-2xl">Code of Ethics</h2>
        <ul>
          <li>Offer guidance, never guarantees; respect each client&apos;s free will and judgement.</li>
          <li>Refer clients to licensed professionals for medical, legal, financial or mental-health matters.</li>
          <li>Keep client information confidential and records secure.</li>
          <li>Be honest about your fees, your methods and the limits of what a reading can offer.</li>
        </ul>
      </section>
    </div>
  );
}
