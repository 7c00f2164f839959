import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { Search, Video } from "~/components/ui/icons";
import { useEffect, useRef, type ReactNode } from "react";
import { RecordingCard, type RecordingCardData } from "~/components/conference/recording-card";
import { SessionQuestions } from "~/components/conference/session-questions";
import type { LiveQuestion } from "~/schemas/live-questions";
import type { PlayerCaptions } from "~/components/media/transcript";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses } from "~/components/ui/field";
import { cn } from "~/utils/misc";

export const NO_RECORDINGS_TITLE = "No Recordings Found";
export const NO_MATCHING_RECORDINGS = "No recordings match your search criteria. Try adjusting your search terms.";
const SEARCH_DELAY_MS = 300;

/** The page's own address with the search kept and, optionally, a recording's player or delete confirmation open. */
export function recordingLibraryHref(
  basePath: string,
  { q, play, confirmDelete, t, extra }: { q: string; play?: number; confirmDelete?: number; t?: number; extra?: Record<string, string> },
): string {
  const params = new URLSearchParams(extra);
  if (q) params.set("q", q);
  if (play !== undefined) params.set("play", String(play));
  if (t !== undefined) params.set("t", String(t));
  if (confirmDelete !== undefined) params.set("delete", String(confirmDelete));
  const search = params.toString();
  return search ? `${basePath}?${search}` : basePath;
}

/**
 * 'Search recordings...' (spec §2): a GET form, so it works without
 * JavaScript; with it, the list follows the typing after a short pause and
 * the address keeps the search.
 */
function RecordingSearch({ basePath, q }: { basePath: string; q: string }) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back and forward change the search under the box; the text being typed is left alone.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box && box.value !== q) box.value = q;
  }, [q]);
  return (
    <Form
      method="get"
      action={basePath}
      role="search"
      aria-label="Search recordings"
      className="flex gap-2"
      onChange={(event) => {
        const form = event.currentTarget;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DELAY_MS);
      }}
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="recording-search" className="sr-only">
        Search recordings
      </label>
      <input
        ref={input}
        id="recording-search"
        type="search"
        name="q"
        defaultValue={q}
        placeholder="Search recordings..."
        maxLength={200}
        autoComplete="off"
        className={inputClasses}
      />
      <button type="submit" className={buttonClasses("primary")}>
        <Search className="h-4 w-4" aria-hidden /> Search
      </button>
    </Form>
  );
}

/** The search box, the empty states and the cards, shared by /admin/recordings and /recordings. */
export function RecordingsList({
  basePath,
  q,
  recordings,
  playingId,
  playingQuestions = [],
  playingCaptions = [],
  startAt = null,
  captionLanguages,
  linkParams,
  timeZone,
  emptyHint,
  cardActions,
}: {
  basePath: string;
  q: string;
  recordings: RecordingCardData[];
  playingId: number | null;
  /** The playing recording's session questions, shown beside its player. */
  playingQuestions?: LiveQuestion[];
  /** The playing recording's captions, and the second its player starts at (?t=). */
  playingCaptions?: PlayerCaptions[];
  startAt?: number | null;
  /** Per recording, the languages it has captions in: shown as a badge on each card when given (the admin's list). */
  captionLanguages?: Record<number, string[]>;
  /** More query parameters the cards' links keep (the admin's filter). */
  linkParams?: Record<string, string>;
  timeZone: string;
  /** What the empty state says when nothing has been recorded yet (no search). */
  emptyHint: string;
  /** More buttons on each card (the admin's Delete). */
  cardActions?: (recording: RecordingCardData) => ReactNode;
}) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === basePath;
  return (
    <div className="space-y-6">
      <RecordingSearch basePath={basePath} q={q} />
      <div aria-busy={searching} className={cn("transition-opacity", searching && "opacity-60")}>
        {recordings.length === 0 ? (
          <div className="card text-center" data-testid="recordings-empty">
            <Video className="mx-auto h-10 w-10 text-accent" aria-hidden />
            <p className="mt-3 text-lg">{NO_RECORDINGS_TITLE}</p>
            <p className="mt-1 text-sm opacity-75">{q ? NO_MATCHING_RECORDINGS : emptyHint}</p>
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Recordings">
            {recordings.map((recording) => {
              const playing = recording.id === playingId;
              return (
                <li key={recording.id} className={playing ? "grid gap-6 sm:col-span-2 lg:col-span-3 lg:grid-cols-3" : undefined}>
                  <div className={playing && playingQuestions.length ? "lg:col-span-2" : "lg:col-span-3"}>
                    <RecordingCard
                      recording={recording}
                      timeZone={timeZone}
                      playing={playing}
                      playHref={recordingLibraryHref(basePath, { q, play: recording.id, extra: linkParams })}
                      closeHref={recordingLibraryHref(basePath, { q, extra: linkParams })}
                      actions={cardActions?.(recording)}
                      captions={playing ? playingCaptions : []}
                      captionLanguages={captionLanguages?.[recording.id]}
                      startAt={playing ? startAt : null}
                      hrefAt={(seconds) => recordingLibraryHref(basePath, { q, play: recording.id, t: seconds, extra: linkParams })}
                    />
                  </div>
                  {playing && playingQuestions.length ? <SessionQuestions questions={playingQuestions} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
