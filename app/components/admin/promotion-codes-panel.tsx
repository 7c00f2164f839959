import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Sparkles } from "~/components/ui/icons";
import { buttonClasses } from "~/components/ui/button";
import { BoundInput, BoundSelect, FormErrors } from "~/components/ui/field";
import { CREATE_PROMOTION_CODE_INTENT, DEACTIVATE_PROMOTION_CODE_INTENT, PromotionCodeSchema } from "~/schemas/promotion-code";

export interface PromotionCodeRow {
  id: string;
  code: string;
  active: boolean;
  summary: string;
  maxRedemptions: number | null;
  timesRedeemed: number;
  lastDay: string | null;
}

/**
 * The revenue area's promotion codes: a form that creates one on Stripe (a
 * coupon, then the code members type) and the list with redemptions and
 * "Deactivate". Plain forms posted to the page, so all of it works without JavaScript.
 */
export function PromotionCodesPanel({
  codes,
  unavailable,
  lastResult,
}: {
  codes: PromotionCodeRow[];
  /** Why the codes cannot be shown or made (payments off, Stripe unreachable); null when they can. */
  unavailable: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === CREATE_PROMOTION_CODE_INTENT;
  const [form, fields] = useForm({
    id: "promotion-code",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { discountType: "percent", duration: "once" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PromotionCodeSchema }),
  });
  return (
    <section className="mt-10 space-y-4" aria-labelledby="promotion-codes" id="promotion-codes-section">
      <h2 id="promotion-codes" className="flex items-center gap-2 font-display text-2xl">
        <Sparkles className="h-6 w-6 text-accent" aria-hidden /> Promotion Codes
      </h2>
      {unavailable ? (
        <p className="card text-sm" role="status" data-testid="promotion-codes-unavailable">
          {unavailable}
        </p>
      ) : (
        <>
          <Form method="post" preventScrollReset {...getFormProps(form)} className="card space-y-4" aria-label="New promotion code">
            <h3 className="font-display text-lg">New promotion code</h3>
            <FormErrors errors={form.errors} />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <BoundInput label="Code members type" meta={fields.code} maxLength={40} autoComplete="off" placeholder="SPRING-25" />
              <BoundSelect
                label="Discount"
                meta={fields.discountType}
                options={[
                  { value: "percent", label: "Percent off" },
                  { value: "amount", label: "Amount off (USD)" },
                ]}
              />
              <BoundInput label="Percent off (1–100)" meta={fields.percentOff} type="number" min={1} max={100} step={1} />
              <BoundInput label="Amount off in dollars" meta={fields.amountOff} type="number" min={0.01} max={9.99} step={0.01} />
              <BoundSelect
                label="Applies"
                meta={fields.duration}
                options={[
                  { value: "once", label: "Once (first month)" },
                  { value: "repeating", label: "For a number of months" },
                  { value: "forever", label: "Forever" },
                ]}
              />
              <BoundInput label="Months (when repeating)" meta={fields.durationInMonths} type="number" min={1} max={36} step={1} />
              <BoundInput label="Max redemptions (optional)" meta={fields.maxRedemptions} type="number" min={1} step={1} />
              <div>
                <label htmlFor={fields.expiresOn.id} className="mb-1 block text-sm font-medium">
                  Last day it works (optional)
                </label>
                <input
                  type="date"
                  id={fields.expiresOn.id}
                  name={fields.expiresOn.name}
                  defaultValue={fields.expiresOn.initialValue}
                  aria-invalid={fields.expiresOn.errors ? true : undefined}
                  aria-describedby={fields.expiresOn.errors ? fields.expiresOn.errorId : undefined}
                  className="input-field"
                />
                {fields.expiresOn.errors ? (
                  <p id={fields.expiresOn.errorId} className="mt-1 text-sm text-red-300">
                    {fields.expiresOn.errors.join(" ")}
                  </p>
                ) : null}
              </div>
            </div>
            <div className="flex justify-end">
              <button type="submit" name="intent" value={CREATE_PROMOTION_CODE_INTENT} className={buttonClasses("primary")} disabled={creating}>
                {creating ? "Creating..." : "Create Promotion Code"}
              </button>
            </div>
          </Form>
          {codes.length === 0 ? (
            <p className="card text-center text-sm">No promotion codes yet.</p>
          ) : (
            <div className="card overflow-x-auto p-0">
              <table className="w-full min-w-[40rem] text-left text-sm" data-testid="promotion-codes-table">
                <caption className="sr-only">Promotion codes and their redemptions</caption>
                <thead className="border-b border-primary/20 text-xs uppercase opacity-75">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Code
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Discount
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Redemptions
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Last day
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Status
                    </th>
                    <th scope="col" className="px-4 py-3">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((promotion) => (
                    <tr key={promotion.id} className="border-b border-primary/10 last:border-0" data-testid="promotion-code-row">
                      <th scope="row" className="whitespace-nowrap px-4 py-3 font-mono font-semibold">
                        {promotion.code}
                      </th>
                      <td className="px-4 py-3">{promotion.summary}</td>
                      <td className="px-4 py-3" data-testid="promotion-code-redemptions">
                        {promotion.maxRedemptions !== null ? `${promotion.timesRedeemed} of ${promotion.maxRedemptions}` : String(promotion.timesRedeemed)}
                      </td>
                      <td className="px-4 py-3">{promotion.lastDay ?? "—"}</td>
                      <td className="px-4 py-3" data-testid="promotion-code-status">
                        {promotion.active ? "Active" : "Inactive"}
                      </td>
                      <td className="px-4 py-3 text-right">
                        {promotion.active ? (
                          <Form method="post" preventScrollReset>
                            <input type="hidden" name="promotionCodeId" value={promotion.id} />
                            <button
                              type="submit"
                              name="intent"
                              value={DEACTIVATE_PROMOTION_CODE_INTENT}
                              className={buttonClasses("outline", undefined, "sm")}
                              aria-label={`Deactivate ${promotion.code}`}>
                              Deactivate
                            </button>
                          </Form>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
