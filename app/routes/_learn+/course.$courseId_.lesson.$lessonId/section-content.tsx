import { UploadedVideo } from "./uploaded-video";
import { videoSourceFor } from "./video-source";
import type { SectionView } from "~/models/learning/lesson.server";
import type { PlayerCaptions } from "~/components/media/transcript";

/** The section the player shows; `html` is the server-rendered, sanitised Markdown of its content. */
export type PlayerSection = Pick<SectionView, "id" | "type" | "title" | "content" | "url"> & {
  html: string;
  resumeAt: number;
  captions: PlayerCaptions[];
};

function Markdown({ html }: { html: string }) {
  if (!html) return null;
  // Rendered by renderMarkdown on the server, which sanitises it.
  return <div className="prose-academy" dangerouslySetInnerHTML={{ __html: html }} />;
}

function VideoPlayer({ section, hrefAt }: { section: PlayerSection; hrefAt: (seconds: number) => string }) {
  const source = videoSourceFor(section.url);
  if (source.kind === "upload") {
    return (
      <UploadedVideo sectionId={section.id} src={source.src} title={section.title} resumeAt={section.resumeAt} captions={section.captions} hrefAt={hrefAt} />
    );
  }
  if (source.kind === "embed") {
    return (
      <iframe
        src={source.src}
        title={`${section.title} (${source.provider} video)`}
        className="aspect-video w-full rounded-lg border border-primary/30 bg-black"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <p className="rounded-lg border border-primary/30 bg-black/30 p-6 text-sm opacity-80">
      This video cannot be played here.
    </p>
  );
}

export function SectionContent({ section, hrefAt }: { section: PlayerSection; hrefAt: (seconds: number) => string }) {
  return (
    <article aria-labelledby={`section-${section.id}-title`} className="space-y-4">
      <h2 id={`section-${section.id}-title`} className="font-display text-2xl">
        {section.title}
      </h2>
      {section.type === "text" ? <Markdown html={section.html} /> : null}
      {section.type === "image" ? (
        section.url ? (
          <img src={section.url} alt={section.content || section.title} className="w-full rounded-lg border border-primary/30" />
        ) : (
          <p className="text-sm opacity-80">This image is not available.</p>
        )
      ) : null}
      {section.type === "video" ? (
        <>
          <VideoPlayer key={section.id} section={section} hrefAt={hrefAt} />
          <Markdown html={section.html} />
        </>
      ) : null}
    </article>
  );
}
