import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "~/components/ui/button";

/**
 * One button that posts an `intent` (and the conference it is about) to the
 * page's action: Go Live, Start, End, Start/Stop Recording. A plain form, so
 * it works without JavaScript; with it, the button shows `pendingLabel`
 * while its own request is under way.
 */
export function ConferenceActionForm({
  intent,
  conferenceId,
  label,
  pendingLabel,
  icon,
  variant = "outline",
  size = "sm",
}: {
  intent: string;
  conferenceId?: number;
  label: string;
  pendingLabel: string;
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const navigation = useNavigation();
  const id = conferenceId === undefined ? "" : String(conferenceId);
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (navigation.formData.get("conferenceId") ?? "") === id;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      {conferenceId === undefined ? null : <input type="hidden" name="conferenceId" value={conferenceId} />}
      <button type="submit" className={buttonClasses(variant, undefined, size)} disabled={pending}>
        {icon}
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}
