import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ArrowLeft, Crown } from "~/components/ui/icons";
import { PageErrorBoundary } from "~/components/error-boundary";
import { RecordingsList } from "~/components/conference/recordings-list";
import { PaymentsOffNotice, UpgradeDialogLink } from "~/components/premium/upgrade-dialog";
import { buttonClasses } from "~/components/ui/button";
import { PAYMENTS_OFF_MESSAGE, paymentsEnabled } from "~/models/billing/billing.server";
import { countPremiumOnlyRecordings } from "~/models/live/conference.server";
import { isPremium } from "~/models/billing/membership.server";
import { loadRecordingLibrary } from "~/models/live/recording-library.server";
import { requireUser } from "~/services/auth.server";
import { viewerTimeZone } from "~/utils/time-zone.server";
import { AppLink } from "~/components/ui/app-link";

export const meta: MetaFunction = () => [{ title: "Session Recordings — Mystic Academy" }];

const RECORDINGS_PATH = "/recordings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  // The library lists only what this member may watch (Premium-only sessions → Premium members).
  const library = await loadRecordingLibrary(user, new URL(request.url).searchParams);
  const premium = await isPremium(user);
  return json({
    ...library,
    timeZone: viewerTimeZone(request),
    // Free members learn how many Premium recordings exist, never what they are.
    lockedCount: premium ? 0 : await countPremiumOnlyRecordings(),
    paymentsOffMessage: paymentsEnabled() ? null : PAYMENTS_OFF_MESSAGE,
  });
}

function PremiumRecordingsUpsell({ count, paymentsOffMessage }: { count: number; paymentsOffMessage: string | null }) {
  return (
    <aside className="card flex flex-wrap items-center justify-between gap-4 border-accent/50" data-testid="recordings-upsell">
      <p className="flex items-start gap-2 text-sm">
        <Crown className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        {count === 1
          ? "1 more recording, from the monthly live Q&A, is for Premium members."
          : `${count} more recordings, from the monthly live Q&A, are for Premium members.`}
      </p>
      {paymentsOffMessage ? (
        <PaymentsOffNotice message={paymentsOffMessage} />
      ) : (
        <UpgradeDialogLink paymentsOffMessage={null} className={buttonClasses("primary", undefined, "sm")}>
          <Crown className="h-4 w-4" aria-hidden /> Upgrade to Premium
        </UpgradeDialogLink>
      )}
    </aside>
  );
}

export default function SessionRecordings() {
  const { q, recordings, playingId, playingQuestions, playingCaptions, startAt, timeZone, lockedCount, paymentsOffMessage } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <AppLink to="/students" className="inline-flex items-center gap-2 text-sm opacity-80 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to Portal
      </AppLink>
      <header className="mt-4">
        <h1 className="font-display text-3xl">Session Recordings</h1>
        <p className="mt-1 opacity-80">Watch the live sessions you missed, or again.</p>
      </header>
      <div className="mt-8 space-y-6">
        {lockedCount > 0 ? <PremiumRecordingsUpsell count={lockedCount} paymentsOffMessage={paymentsOffMessage} /> : null}
        <RecordingsList
          basePath={RECORDINGS_PATH}
          q={q}
          recordings={recordings}
          playingId={playingId}
          playingQuestions={playingQuestions}
          playingCaptions={playingCaptions}
          startAt={startAt}
          timeZone={timeZone}
          emptyHint="Recordings of past live sessions will appear here."
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <PageErrorBoundary backTo={RECORDINGS_PATH} backLabel="Back to Recordings" />;
}
