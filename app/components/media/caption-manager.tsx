import { Form, useNavigation } from "@remix-run/react";
import { Captions, Sparkles, Trash2, Upload } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { inputClasses, labelClasses } from "~/components/ui/field";
import type { PlayerCaptions } from "~/components/media/transcript";

/**
 * Upload, replace, delete and generate the captions of one video (issue 38).
 * Plain forms that post to the page (`action`) with the video named by
 * `fields`; they work the same with JavaScript off.
 */
export function CaptionManager({
  idPrefix,
  action,
  fields,
  captions,
  generation,
}: {
  /** Unique per video on the page, for the inputs' ids. */
  idPrefix: string;
  action: string;
  fields: Record<string, string>;
  captions: PlayerCaptions[];
  /** Null: no AI provider, so the generate button explains that captions must be uploaded. */
  generation: { model: string } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const hidden = Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  const noProviderId = `${idPrefix}-no-provider`;
  return (
    <div className="space-y-4" data-testid="caption-manager">
      {captions.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-amber-200" data-testid="no-captions">
          <Captions className="h-4 w-4" aria-hidden /> No captions yet: members who cannot hear the video miss what is said.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Captions">
          {captions.map((caption) => (
            <li key={caption.language} className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 p-2 text-sm">
              <span className="font-semibold">{caption.label}</span>
              <span className="opacity-75">
                {caption.language} · {caption.cues.length} cues
              </span>
              {caption.generated ? (
                <span className="rounded-full border border-amber-400/60 bg-amber-500/20 px-2 py-0.5 text-xs">Generated, not reviewed</span>
              ) : null}
              <a href={caption.url} className="text-accent underline" download={`${caption.language}.vtt`}>
                Download .vtt
              </a>
              <span className="ml-auto flex gap-1">
                {caption.generated ? (
                  <Form method="post" action={action} preventScrollReset>
                    {hidden}
                    <input type="hidden" name="language" value={caption.language} />
                    <button type="submit" name="intent" value="approve-captions" className={buttonClasses("outline", undefined, "sm")} disabled={busy}>
                      Save as reviewed
                    </button>
                  </Form>
                ) : null}
                <Form method="post" action={action} preventScrollReset>
                  {hidden}
                  <input type="hidden" name="language" value={caption.language} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete-captions"
                    className={buttonClasses("ghost", undefined, "sm")}
                    aria-label={`Delete the ${caption.label} captions`}
                    disabled={busy}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden /> Delete
                  </button>
                </Form>
              </span>
            </li>
          ))}
        </ul>
      )}

      <Form method="post" action={action} encType="multipart/form-data" preventScrollReset className="grid gap-3 sm:grid-cols-[8rem_1fr]">
        {hidden}
        <div>
          <label htmlFor={`${idPrefix}-language`} className={labelClasses}>
            Language
          </label>
          <input
            id={`${idPrefix}-language`}
            name="language"
            required
            maxLength={35}
            defaultValue="en"
            aria-describedby={`${idPrefix}-language-hint`}
            className={inputClasses}
          />
        </div>
        <div>
          <label htmlFor={`${idPrefix}-label`} className={labelClasses}>
            Label (shown in the player&apos;s captions menu)
          </label>
          <input id={`${idPrefix}-label`} name="label" maxLength={80} placeholder="English" className={inputClasses} />
        </div>
        <p id={`${idPrefix}-language-hint`} className="text-xs opacity-75 sm:col-span-2">
          A BCP 47 tag such as en or pt-BR. Uploading a language that is already there replaces it.
        </p>
        <div className="sm:col-span-2">
          <label htmlFor={`${idPrefix}-file`} className={labelClasses}>
            Caption file (.vtt or .srt, up to 1 MB)
          </label>
          <input
            id={`${idPrefix}-file`}
            name="file"
            type="file"
            required
            accept=".vtt,.srt,text/vtt"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-2 file:text-on-primary"
          />
        </div>
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="upload-captions" className={buttonClasses("primary", undefined, "sm")} disabled={busy}>
            <Upload className="h-4 w-4" aria-hidden /> Upload captions
          </button>
        </div>
      </Form>

      <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-end gap-2">
        {hidden}
        <input type="hidden" name="language" value="en" />
        <button
          type="submit"
          name="intent"
          value="generate-captions"
          className={buttonClasses("outline", undefined, "sm")}
          disabled={busy || generation === null}
          aria-describedby={generation === null ? noProviderId : undefined}
        >
          <Sparkles className="h-4 w-4" aria-hidden /> {busy && navigation.formData?.get("intent") === "generate-captions" ? "Generating..." : "Generate English captions"}
        </button>
        {generation === null ? (
          <p id={noProviderId} className="text-sm opacity-80">
            No speech-to-text provider is configured (OPENAI_API_KEY), so captions cannot be generated here: upload a .vtt or .srt file.
          </p>
        ) : (
          <p className="text-sm opacity-80">Sends the video&apos;s sound to the AI provider ({generation.model}); you review the result before it counts as saved.</p>
        )}
      </Form>
    </div>
  );
}
