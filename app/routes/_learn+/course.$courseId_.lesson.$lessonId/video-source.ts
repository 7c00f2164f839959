// Which player a video section needs. Only the two embed hosts allowed by the
// Content-Security-Policy (frame-src) are embedded; uploads play natively.

export type VideoSource =
  | { kind: "embed"; provider: "YouTube" | "Vimeo"; src: string }
  | { kind: "upload"; src: string }
  | { kind: "unsupported" };

const YOUTUBE_ID = /^[\w-]{11}$/;

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

export function videoSourceFor(url: string | null): VideoSource {
  if (!url) return { kind: "unsupported" };
  if (url.startsWith("/uploads/videos/") && !url.includes("..")) return { kind: "upload", src: url };
  const parsed = parseUrl(url);
  if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:")) return { kind: "unsupported" };
  const host = parsed.hostname.replace(/^(www\.|m\.)/, "");
  let youtubeId: string | null = null;
  if (host === "youtube.com" && parsed.pathname === "/watch") youtubeId = parsed.searchParams.get("v");
  if (host === "youtu.be") youtubeId = parsed.pathname.slice(1);
  if (youtubeId && YOUTUBE_ID.test(youtubeId)) {
    return { kind: "embed", provider: "YouTube", src: `https://www.youtube-nocookie.com/embed/${youtubeId}` };
  }
  const vimeoId = host === "vimeo.com" ? /^\/(\d{1,12})\/?$/.exec(parsed.pathname)?.[1] : undefined;
  if (vimeoId) return { kind: "embed", provider: "Vimeo", src: `https://player.vimeo.com/video/${vimeoId}?dnt=1` };
  return { kind: "unsupported" };
}
