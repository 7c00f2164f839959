import { Download, Share2 } from "~/components/ui/icons";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { z } from "zod";
import { showToast } from "~/components/toaster";
import { buttonClasses } from "~/components/ui/button";

const DownloadAnswer = z.object({ downloadUrl: z.string().startsWith("/"), certificateNumber: z.string() });
const ShareAnswer = z.object({ shareUrl: z.string().url() });

/** Spec §8: a failed call reads "<status>: <body text or status text>". */
async function failureMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => "");
  return `${response.status}: ${text || response.statusText}`;
}

async function postJson(path: string): Promise<unknown> {
  const response = await fetch(path, { method: "POST", credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(await failureMessage(response));
  return response.json();
}

function saveFile(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * A plain download link (works without JavaScript); with JavaScript it asks
 * the API for the file first so a failure can be shown as a toast.
 */
export function DownloadCertificateLink({ certificateId, certificateNumber }: { certificateId: number; certificateNumber: string }) {
  const [busy, setBusy] = useState(false);
  const fileName = `certificate-${certificateNumber}.pdf`;
  return (
    <a
      href={`/api/certificates/${certificateId}/pdf`}
      download={fileName}
      aria-disabled={busy || undefined}
      className={buttonClasses("primary", busy ? "pointer-events-none opacity-70" : undefined, "sm")}
      onClick={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        try {
          const answer = DownloadAnswer.parse(await postJson(`/api/certificates/${certificateId}/download`));
          saveFile(answer.downloadUrl, `certificate-${answer.certificateNumber}.pdf`);
          showToast({ type: "success", title: "Certificate Downloaded", description: `certificate-${answer.certificateNumber}.pdf` });
        } catch (error) {
          showToast({
            type: "error",
            title: "Download Failed",
            description: error instanceof Error && error.message ? error.message : "Failed to download certificate",
          });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Download className="h-4 w-4" aria-hidden /> {busy ? "Preparing..." : "Download"}
    </a>
  );
}

/**
 * Without JavaScript: a link to the public verification page, which can be
 * copied from the address bar. With it: a button that copies the share link.
 */
export function ShareCertificateButton({ certificateId, certificateNumber }: { certificateId: number; certificateNumber: string }) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  if (!hydrated) {
    return (
      <a href={`/certificates/${certificateNumber}`} className={buttonClasses("outline", undefined, "sm")}>
        <Share2 className="h-4 w-4" aria-hidden /> Share
      </a>
    );
  }
  return (
    <button
      type="button"
      disabled={busy}
      className={buttonClasses("outline", undefined, "sm")}
      onClick={async () => {
        setBusy(true);
        let shareUrl: string;
        try {
          shareUrl = ShareAnswer.parse(await postJson(`/api/certificates/${certificateId}/share`)).shareUrl;
        } catch {
          showToast({ type: "error", title: "Share Failed", description: "Failed to generate share link" });
          setBusy(false);
          return;
        }
        try {
          await navigator.clipboard.writeText(shareUrl);
          showToast({ type: "success", title: "Share Link Copied", description: shareUrl });
        } catch {
          // The link exists; only the clipboard refused, so hand it over to copy by hand.
          showToast({ type: "error", title: "Share Failed", description: `Copy this link instead: ${shareUrl}` });
        } finally {
          setBusy(false);
        }
      }}
    >
      <Share2 className="h-4 w-4" aria-hidden /> {busy ? "Sharing..." : "Share"}
    </button>
  );
}
