import { useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { showToast } from "~/components/toaster";
import type { Participant } from "~/schemas/live-room";
import { STAGE_TEXTS, type Stage } from "~/schemas/live-stage";

// Raise hand / invite to speak (issue 28). A student raises or lowers a hand;
// the host sees the hands in the order they went up, invites one to speak
// and ends their turn. The room's WebSocket delivers the stage to everyone;
// these buttons call the API.

async function post(path: string, body: unknown): Promise<boolean> {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
    if (response.ok) return true;
    const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
    showToast({ type: "error", title: "Error", description: typeof answer?.message === "string" ? answer.message : `${response.status}: ${response.statusText}` });
  } catch {
    showToast({ type: "error", title: "Error", description: "That did not work. Check your connection and try again." });
  }
  return false;
}

export function StageControls({
  conferenceId,
  stage,
  isHost,
  you,
  amSpeaker,
}: {
  conferenceId: number;
  stage: Stage;
  isHost: boolean;
  you: Participant | null;
  amSpeaker: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const act = async (path: string, body: unknown) => {
    setBusy(true);
    await post(`/api/conferences/${conferenceId}/${path}`, body);
    setBusy(false);
  };

  if (!isHost) {
    if (amSpeaker) {
      return (
        <p className="rounded-md border border-accent/50 px-3 py-2 text-sm" role="status" data-testid="stage-speaking">
          {STAGE_TEXTS.invited}
        </p>
      );
    }
    const raised = stage.hands.some((hand) => hand.userId === you?.userId);
    return (
      <button
        type="button"
        className={buttonClasses(raised ? "primary" : "outline", "w-full")}
        aria-pressed={raised}
        disabled={busy || !you}
        onClick={() => void act("hand", { raised: !raised })}
      >
        {raised ? STAGE_TEXTS.lower : STAGE_TEXTS.raise}
      </button>
    );
  }

  return (
    <section className="space-y-3" aria-label="Stage" data-testid="stage-controls">
      <div>
        <h3 className="font-semibold">
          {STAGE_TEXTS.hands} ({stage.hands.length})
        </h3>
        <ol className="mt-1 space-y-1 text-sm" aria-label={STAGE_TEXTS.hands}>
          {stage.hands.map((hand) => (
            <li key={hand.userId} className="flex items-center justify-between gap-2 rounded-md border border-primary/20 px-2 py-1" data-testid="raised-hand">
              <span>{hand.name}</span>
              <button
                type="button"
                className={buttonClasses("outline", undefined, "sm")}
                disabled={busy}
                aria-label={`${STAGE_TEXTS.invite}: ${hand.name}`}
                onClick={() => void act("speakers", { userId: hand.userId, allow: true })}
              >
                {STAGE_TEXTS.invite}
              </button>
            </li>
          ))}
        </ol>
      </div>
      {stage.speakers.length ? (
        <div>
          <h3 className="font-semibold">{STAGE_TEXTS.speakers}</h3>
          <ul className="mt-1 space-y-1 text-sm" aria-label={STAGE_TEXTS.speakers}>
            {stage.speakers.map((speaker) => (
              <li key={speaker.userId} className="flex items-center justify-between gap-2 rounded-md border border-accent/40 px-2 py-1" data-testid="stage-speaker">
                <span>{speaker.name}</span>
                <button
                  type="button"
                  className={buttonClasses("ghost", undefined, "sm")}
                  disabled={busy}
                  aria-label={`${STAGE_TEXTS.end}: ${speaker.name}`}
                  onClick={() => void act("speakers", { userId: speaker.userId, allow: false })}
                >
                  {STAGE_TEXTS.end}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
