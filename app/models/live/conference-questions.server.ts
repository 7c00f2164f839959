import { and, eq, isNull, sql } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { sharedLimiter } from "#db/limiter-store.server";
import { db, changes, first, withTransaction, single } from "#db/client.server";
import { conferenceQuestions, conferenceQuestionVotes, type User } from "#db/schema";
import { CONFERENCE_MESSAGES, getConference, mayAttend, type ConferenceRow } from "~/models/live/conference.server";
import { publishLiveEvent } from "~/models/live/live-events.server";
import { PREMIUM_REQUIRED } from "~/models/billing/membership.server";
import { liveDisplayName } from "~/models/accounts/user.server";
import { FORMER_MEMBER } from "~/schemas/account";
import { QuestionTextSchema, type LiveQuestion } from "~/schemas/live-questions";

// A live session's questions (issue 28): members who may attend ask and
// upvote (one vote each, a second press takes it back); the host marks a
// question answered or hides it. The rules live here once: the JSON API,
// the join page's plain forms and the room's panel all call them. Every
// change is handed to the room's WebSocket through the live event bus.

type Viewer = Pick<User, "id" | "role" | "username" | "firstName" | "name">;

export class QuestionError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "QuestionError";
  }
}

export const QUESTION_REFUSALS = {
  notFound: CONFERENCE_MESSAGES.notFound,
  questionNotFound: "Question not found",
  premium: PREMIUM_REQUIRED,
  ended: "The session has ended; questions are closed.",
  hostOnly: "Only the host can do that.",
  tooFast: "You're asking questions very quickly. Please wait a moment and try again.",
} as const;

/** Questions a member may ask a session per minute: enough for a real Q&A, too few to flood the list. */
const QUESTIONS_PER_MINUTE = 5;
const asked = sharedLimiter({ keyPrefix: "live-questions", points: QUESTIONS_PER_MINUTE, duration: 60 });

/**
 * The conference whose questions the viewer may use: it exists (404) and they
 * may attend it (403). Changing anything also needs it not ended (409):
 * questions may be asked before a session starts, so the host can prepare.
 */
export async function questionConference(viewer: Viewer, conferenceId: number, purpose: "read" | "write" | "moderate"): Promise<ConferenceRow> {
  const conference = await getConference(conferenceId);
  if (!conference) throw new QuestionError(404, QUESTION_REFUSALS.notFound);
  if (!await mayAttend(viewer, conference)) throw new QuestionError(403, QUESTION_REFUSALS.premium);
  if (purpose === "moderate" && viewer.role !== "admin") throw new QuestionError(403, QUESTION_REFUSALS.hostOnly);
  if (purpose !== "read" && conference.endedAt !== null) throw new QuestionError(409, QUESTION_REFUSALS.ended);
  return conference;
}

interface QuestionRow {
  id: number;
  text: string;
  userId: number | null;
  username: string | null;
  firstName: string | null;
  name: string | null;
  votes: number;
  voted: number;
  answeredAt: number | null;
  createdAt: number;
}

// Most votes first, then the earlier question; hidden ones are gone for everyone.
function questionsOf(params: { conferenceId: number; viewerId: number; questionId: number | null }): Promise<QuestionRow[]> {
  const one = params.questionId === null ? sql`` : sql`and q.id = ${params.questionId}`;
  return db.all<QuestionRow>(sql`
  select q.id as "id", q.text as "text", q.user_id as "userId", u.username as "username", u.first_name as "firstName", u.name as "name",
    cast((select count(*) from conference_question_votes v where v.question_id = q.id) as integer) as "votes",
    case when exists (select 1 from conference_question_votes v where v.question_id = q.id and v.user_id = ${params.viewerId}) then 1 else 0 end as "voted",
    q.answered_at as "answeredAt", q.created_at as "createdAt"
  from conference_questions q
  left join users u on u.id = q.user_id
  where q.conference_id = ${params.conferenceId} and q.hidden_at is null ${one}
  order by 7 desc, q.id asc`);
}

function questionView(row: QuestionRow): LiveQuestion {
  const author = row.username === null ? FORMER_MEMBER : liveDisplayName({ username: row.username, firstName: row.firstName, name: row.name });
  return {
    id: row.id,
    text: row.text,
    authorName: author,
    votes: row.votes,
    voted: row.voted === 1,
    answered: row.answeredAt !== null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The session's visible questions, most votes first, with `voted` for this viewer. */
export async function listQuestions(viewer: Viewer, conferenceId: number): Promise<LiveQuestion[]> {
  await questionConference(viewer, conferenceId, "read");
  return (await questionsOf({ conferenceId, viewerId: viewer.id, questionId: null })).map(questionView);
}

async function readQuestion(viewer: Viewer, conferenceId: number, questionId: number): Promise<LiveQuestion> {
  const [row] = await questionsOf({ conferenceId, viewerId: viewer.id, questionId });
  if (!row) throw new QuestionError(404, QUESTION_REFUSALS.questionNotFound);
  return questionView(row);
}

/** Tells the room a question changed; `voted` is each member's own, so it is left out. */
function announce(conferenceId: number, question: LiveQuestion | { id: number; removed: true }) {
  if ("removed" in question) publishLiveEvent({ type: "question", conferenceId, question: { id: question.id, removed: true } });
  else publishLiveEvent({ type: "question", conferenceId, question: { ...question, voted: false } });
}

export async function askQuestion(viewer: Viewer, conferenceId: number, text: unknown): Promise<LiveQuestion> {
  await questionConference(viewer, conferenceId, "write");
  const parsed = QuestionTextSchema.safeParse(text);
  if (!parsed.success) throw new QuestionError(400, parsed.error.issues[0]?.message ?? "Write a question first");
  try {
    await asked.consume(`${conferenceId}:${viewer.id}`, 1);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new QuestionError(429, QUESTION_REFUSALS.tooFast, Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
  }
  const { id } = await single(db.insert(conferenceQuestions).values({ conferenceId, userId: viewer.id, text: parsed.data }).returning({ id: conferenceQuestions.id }));
  const question = await readQuestion(viewer, conferenceId, id);
  announce(conferenceId, question);
  return question;
}

/** Refuses (404) a question that is not this session's or was hidden. */
async function requireVisible(conferenceId: number, questionId: number): Promise<void> {
  const row = await first(db
    .select({ id: conferenceQuestions.id })
    .from(conferenceQuestions)
    .where(and(eq(conferenceQuestions.id, questionId), eq(conferenceQuestions.conferenceId, conferenceId), isNull(conferenceQuestions.hiddenAt))).limit(1));
  if (!row) throw new QuestionError(404, QUESTION_REFUSALS.questionNotFound);
}

/** Adds the viewer's vote, or takes it back when they had voted: one vote per member. */
export async function toggleVote(viewer: Viewer, conferenceId: number, questionId: number): Promise<{ votes: number; voted: boolean }> {
  await questionConference(viewer, conferenceId, "write");
  await requireVisible(conferenceId, questionId);
  await withTransaction(async (tx) => {
    const removed = await tx
      .delete(conferenceQuestionVotes)
      .where(and(eq(conferenceQuestionVotes.questionId, questionId), eq(conferenceQuestionVotes.userId, viewer.id)));
    if (changes(removed) === 0) await tx.insert(conferenceQuestionVotes).values({ questionId, userId: viewer.id });
  });
  const question = await readQuestion(viewer, conferenceId, questionId);
  announce(conferenceId, question);
  return { votes: question.votes, voted: question.voted };
}

/** The host marks a question answered (it moves to "Answered"). */
export async function markAnswered(viewer: Viewer, conferenceId: number, questionId: number): Promise<LiveQuestion> {
  await questionConference(viewer, conferenceId, "moderate");
  await requireVisible(conferenceId, questionId);
  await db.update(conferenceQuestions)
    .set({ answeredAt: sql`coalesce(${conferenceQuestions.answeredAt}, ${new Date()})` })
    .where(eq(conferenceQuestions.id, questionId));
  const question = await readQuestion(viewer, conferenceId, questionId);
  announce(conferenceId, question);
  return question;
}

/** The host hides a question from everyone. */
export async function hideQuestion(viewer: Viewer, conferenceId: number, questionId: number): Promise<{ id: number; hidden: true }> {
  await questionConference(viewer, conferenceId, "moderate");
  await requireVisible(conferenceId, questionId);
  await db.update(conferenceQuestions).set({ hiddenAt: new Date() }).where(eq(conferenceQuestions.id, questionId));
  announce(conferenceId, { id: questionId, removed: true });
  return { id: questionId, hidden: true };
}
