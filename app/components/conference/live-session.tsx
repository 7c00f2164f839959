import { useCallback, useState, type ReactNode } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { ChatMessageJson, MediaBackend } from "~/schemas/live-room";
import type { LiveQuestion, QuestionUpdate } from "~/schemas/live-questions";
import { LiveQuestions } from "./live-questions";
import { ChatWithoutJavaScriptNote, LiveChat } from "./live-chat";
import { LiveRoom, type LiveRoomConference } from "./live-room";
import { LiveRoomMedia } from "./live-room-media";

/**
 * A live session as both the host's page and the join page show it: the room
 * frame with its media, the live chat under it and the questions. Once the room's WebSocket
 * is connected it feeds the chat; until then (or without JavaScript) the chat
 * stands on its own.
 */
export function LiveSession({
  conference,
  mediaBackend,
  origin,
  endControl,
  isHost,
  isRecording,
  initialMessages,
  chatResult,
  initialQuestions,
  questionResult,
  timeZone,
}: {
  conference: LiveRoomConference;
  /** Which server carries the media (MEDIA_BACKEND). */
  mediaBackend: MediaBackend;
  origin: string;
  endControl: ReactNode;
  isHost: boolean;
  isRecording: boolean;
  initialMessages: ChatMessageJson[];
  chatResult: SubmissionResult<string[]> | undefined;
  initialQuestions: LiveQuestion[];
  questionResult: SubmissionResult<string[]> | undefined;
  timeZone: string;
}) {
  const [incoming, setIncoming] = useState<ChatMessageJson[] | undefined>(undefined);
  const onChat = useCallback((messages: ChatMessageJson[]) => setIncoming(messages), []);
  const [question, setQuestion] = useState<QuestionUpdate | null | undefined>(undefined);
  const onQuestion = useCallback((update: QuestionUpdate | null) => setQuestion(update), []);
  return (
    <>
      <ChatWithoutJavaScriptNote />
      <LiveRoom conference={conference} origin={origin} endControl={endControl}>
        <LiveRoomMedia backend={mediaBackend} conferenceId={conference.id} isHost={isHost} initiallyRecording={isRecording} onChat={onChat} onQuestion={onQuestion} />
      </LiveRoom>
      <LiveChat
        key={conference.id}
        conferenceId={conference.id}
        initialMessages={initialMessages}
        incoming={incoming}
        open
        lastResult={chatResult}
        timeZone={timeZone}
      />
      <LiveQuestions
        key={`questions-${conference.id}`}
        conferenceId={conference.id}
        initialQuestions={initialQuestions}
        incoming={question}
        isHost={isHost}
        open
        lastResult={questionResult}
      />
    </>
  );
}
