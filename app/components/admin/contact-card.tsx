import { SAVE_CONTACT_INTENT } from "~/schemas/admin-dashboard";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Mail } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { AcademyContactSchema, CONTACT_MAX } from "~/schemas/academy-contact";


/** Where "contact the academy" points: an email address or an https page; empty removes it. */
export function ContactCard({ contact, lastResult }: { contact: string | null; lastResult: SubmissionResult<string[]> | null | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_CONTACT_INTENT;
  const [form, fields] = useForm({
    id: "academy-contact",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { contact: contact ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AcademyContactSchema }),
  });
  return (
    <section className="card" aria-labelledby="academy-contact-title">
      <h2 id="academy-contact-title" className="flex items-center gap-2 font-display text-xl">
        <Mail className="h-5 w-5 text-accent" aria-hidden /> Contact
      </h2>
      <p className="mt-1 text-sm opacity-80">
        Wherever the site tells members to contact the academy, it links here. Leave it empty to remove the link.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
        <Field
          label="Contact address (email or https:// page)"
          className="min-w-0 flex-1 basis-64"
          errors={fields.contact.errors}
          inputProps={{ ...getInputProps(fields.contact, { type: "text" }), maxLength: CONTACT_MAX, placeholder: "help@example.com", autoComplete: "off" }}
        />
        <Button type="submit" name="intent" value={SAVE_CONTACT_INTENT} disabled={saving}>
          {saving ? "Saving..." : "Save Contact"}
        </Button>
      </Form>
    </section>
  );
}
