import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Sparkles } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClasses } from "~/components/ui/field";
import { formatUsd, formatWholeUsd } from "~/utils/misc";
import {
  ESTIMATOR_FIELDS,
  estimateMonthlyRevenue,
  storePriceWithFee,
  toAmount,
  toEstimatorInput,
  type EstimatorField,
  type EstimatorInput,
} from "~/utils/revenue-estimator";

const LABELS: Record<EstimatorField, string> = {
  personalSales: "Personal sales ($ per month)",
  storeSales: "Store sales ($ per month)",
  referredAdvisors: "Referred advisors",
  referredAdvisorSales: "Average sales per referred advisor ($)",
  referredClients: "Referred clients",
  referredClientPurchases: "Average purchases per referred client ($)",
};

const SAVE_DEBOUNCE_MS = 600;

function toTextValues(values: EstimatorInput): Record<EstimatorField, string> {
  return {
    personalSales: String(values.personalSales),
    storeSales: String(values.storeSales),
    referredAdvisors: String(values.referredAdvisors),
    referredAdvisorSales: String(values.referredAdvisorSales),
    referredClients: String(values.referredClients),
    referredClientPurchases: String(values.referredClientPurchases),
  };
}

/**
 * The Mystical Revenue Oracle. With JavaScript the figures update as you type
 * and a signed-in advisor's numbers are saved (debounced) with PUT /api/calculator;
 * without it the form posts and the server computes the same formula.
 */
export function RevenueOracle({
  saved,
  signedIn,
  lastResult,
  itemPrice,
}: {
  saved: EstimatorInput;
  signedIn: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  itemPrice: number;
}) {
  // Plain controlled inputs: the live figures need no client-side schema (junk
  // counts as 0), which keeps conform and zod out of the landing page's bundle
  // and its render. The server validates the posted form with conform + zod
  // and its field errors come back in `lastResult`.
  const [raw, setRaw] = useState<Record<EstimatorField | "itemPrice", string>>(() => ({
    ...toTextValues(saved),
    itemPrice: String(itemPrice),
  }));
  const errors = lastResult?.error ?? {};

  const values = toEstimatorInput(raw);
  const estimate = estimateMonthlyRevenue(values);
  const price = toAmount(raw.itemPrice);

  // Save a signed-in advisor's figures a moment after they stop typing.
  const serialized = JSON.stringify(values);
  const lastSaved = useRef(JSON.stringify(saved));
  useEffect(() => {
    if (!signedIn || serialized === lastSaved.current) return;
    const timer = setTimeout(() => {
      lastSaved.current = serialized;
      void fetch("/api/calculator", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: serialized,
      });
    }, SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [serialized, signedIn]);

  return (
    <section id="oracle" aria-labelledby="oracle-title" className="card glow scroll-mt-24">
      <div className="flex items-center gap-3">
        <Sparkles className="h-6 w-6 text-accent" aria-hidden />
        <h2 id="oracle-title" className="font-display text-2xl">
          Mystical Revenue Oracle
        </h2>
      </div>
      <p className="mt-2 text-sm opacity-80">
        Estimate your monthly income from readings, your store and the advisors and clients you refer.
        {signedIn ? " Your figures are saved to your account." : " Sign in to keep your figures."}
      </p>
      <Form method="post" action="/?index#oracle" id="revenue-oracle" className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <input type="hidden" name="intent" value="estimate" />
        <div className="grid gap-4 sm:grid-cols-2">
          {ESTIMATOR_FIELDS.map((name) => {
            const id = `revenue-oracle-${name}`;
            const fieldErrors = errors[name];
            return (
              <div key={name}>
                <label htmlFor={id} className="mb-1 block text-sm font-medium">
                  {LABELS[name]}
                </label>
                <input
                  id={id}
                  name={name}
                  type="number"
                  value={raw[name]}
                  onChange={(event) => setRaw((current) => ({ ...current, [name]: event.target.value }))}
                  aria-invalid={fieldErrors ? true : undefined}
                  aria-describedby={fieldErrors ? `${id}-error` : undefined}
                  min={0}
                  step="any"
                  inputMode="decimal"
                  className={inputClasses}
                />
                <ErrorList id={`${id}-error`} errors={fieldErrors} />
              </div>
            );
          })}
        </div>
        <div className="flex flex-col gap-3 rounded-lg border border-accent/40 bg-black/30 p-5">
          <p className="text-sm uppercase tracking-wide opacity-70">Estimated monthly revenue</p>
          <p className="font-display text-4xl text-accent" data-testid="oracle-total" aria-live="polite">
            {formatWholeUsd(estimate.monthlyRevenue)}
          </p>
          <dl className="grid grid-cols-2 gap-y-1 text-sm">
            <dt className="opacity-75">Commissions</dt>
            <dd className="text-right" data-testid="oracle-commissions">{formatWholeUsd(estimate.commissions)}</dd>
            <dt className="opacity-75">Sales bonus</dt>
            <dd className="text-right" data-testid="oracle-sales-bonus">{formatWholeUsd(estimate.salesBonus)}</dd>
            <dt className="opacity-75">Team bonus</dt>
            <dd className="text-right" data-testid="oracle-team-bonus">{formatWholeUsd(estimate.teamBonus)}</dd>
          </dl>
          <div className="mt-2 border-t border-primary/30 pt-3">
            <label htmlFor="revenue-oracle-itemPrice" className="mb-1 block text-sm font-medium">
              Store item price ($)
            </label>
            <input
              id="revenue-oracle-itemPrice"
              name="itemPrice"
              type="number"
              value={raw.itemPrice}
              onChange={(event) => setRaw((current) => ({ ...current, itemPrice: event.target.value }))}
              min={0}
              step="0.01"
              className={inputClasses}
            />
            <p className="mt-2 text-sm">
              Visitors see <strong data-testid="oracle-store-price">{formatUsd(storePriceWithFee(price))}</strong>{" "}
              <span className="opacity-70">(price + 15% transaction fee); you receive {formatUsd(price)}.</span>
            </p>
          </div>
          <Button type="submit" variant="outline" className="mt-2">
            {signedIn ? "Calculate & save" : "Calculate"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
