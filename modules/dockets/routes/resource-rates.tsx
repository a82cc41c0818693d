import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { StatusBadge } from "~/app/ui/status-badge";
import { useLastPost } from "~/app/ui/use-last-post";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { DOCKET_LIMITS, RATE_INTENTS, RESOURCE_RATES_PATH } from "../server/docket-basics";
import {
  loadResourceRates,
  type ResourceRatesPage,
  resourceRateAction,
} from "../server/resource-rates.server";
import { useDocketText } from "../ui/docket-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction = () => [{ title: "Resource rates | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadResourceRates(await requireRoute(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  return resourceRateAction(context, requireIntent(context, formData), formData);
}

type Values = ResourceRatesPage["rates"][number]["values"];
const EMPTY: Values = {
  code: "",
  title: "",
  unitOfMeasure: "",
  unitPrice: "",
  totalContractQuantity: "",
  totalContractAmount: "",
  companyId: "",
  costAccount: "",
};

function RateFields({
  intent,
  rateId,
  values,
  companies,
  submit,
}: {
  intent: string;
  rateId?: string;
  values: Values;
  companies: { value: string; label: string }[];
  submit: string;
}) {
  const { t, translate } = useDocketText();
  const last = useLastPost(intent, rateId ? { field: "rateId", id: rateId } : undefined);
  const value = (name: keyof Values) => (last ? last.value(name) : values[name]);
  const errors = (name: string) => translate(last?.errors(name));
  const field = (name: keyof Values, required: boolean, extra: Record<string, unknown> = {}) => (
    <TextField
      key={name}
      label={t(`dockets:rates.fields.${name}`) + (required ? " *" : "")}
      errors={errors(name)}
      inputProps={{ name, defaultValue: value(name), required, ...extra }}
    />
  );
  return (
    <Form method="post" action={RESOURCE_RATES_PATH} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {rateId ? <input type="hidden" name="rateId" value={rateId} /> : null}
      <FormAlert errors={translate(last?.formErrors)} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {field("code", true, { maxLength: DOCKET_LIMITS.code })}
        {field("title", true, { maxLength: DOCKET_LIMITS.title })}
        {field("unitOfMeasure", true, { maxLength: DOCKET_LIMITS.unitOfMeasure })}
        {field("unitPrice", true, { inputMode: "decimal" })}
        {field("totalContractQuantity", false, { inputMode: "decimal" })}
        {field("totalContractAmount", false, { inputMode: "decimal" })}
        {field("costAccount", false, { maxLength: DOCKET_LIMITS.costAccount })}
        <NativeSelect
          label={t("dockets:rates.fields.companyId")}
          name="companyId"
          placeholder={t("dockets:rates.anyCompany")}
          defaultValue={value("companyId") || undefined}
          options={companies}
          errors={errors("companyId")}
        />
      </div>
      <Button type="submit" size="sm">
        {submit}
      </Button>
    </Form>
  );
}

/** /dockets/settings/resource-rates: the project's agreed rates that price docket items. */
export default function ResourceRatesSettingsPage() {
  const { rates, companies, can } = useLoaderData<typeof loader>();
  const { t, translate, money } = useDocketText();
  const deleteLast = useLastPost(RATE_INTENTS.delete);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:rates.title")}</h1>
        <p className="text-sm text-slate-600">{t("dockets:rates.intro")}</p>
      </div>
      {can.create ? (
        <section
          aria-labelledby="rate-add"
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="rate-add" className="text-base font-semibold text-slate-900">
            {t("dockets:rates.add")}
          </h2>
          <RateFields
            intent={RATE_INTENTS.create}
            values={EMPTY}
            companies={companies}
            submit={t("dockets:rates.add")}
          />
        </section>
      ) : null}
      <FormAlert
        errors={translate(
          deleteLast
            ? [deleteLast.formErrors, deleteLast.errors("confirmed"), deleteLast.errors("rateId")].flatMap(
                (errors) => errors ?? [],
              )
            : null,
        )}
      />
      {rates.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-500">
          {t("dockets:rates.none")}
        </p>
      ) : (
        <ul className="space-y-3">
          {rates.map((rate) => (
            <li
              key={rate.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
              data-rate={rate.code}
            >
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold text-slate-900">{rate.code}</span>
                <span className="min-w-0 break-words">{rate.title}</span>
                <StatusBadge tone={rate.active ? "success" : "neutral"}>
                  {t(rate.active ? "dockets:rates.active" : "dockets:rates.inactive")}
                </StatusBadge>
              </p>
              <p className="text-slate-600">
                <span className="tabular-nums">{money(rate.unitPriceCents)}</span> / {rate.unitOfMeasure}
                {rate.company ? ` · ${rate.company}` : ""}
                {rate.costAccount ? ` · ${t("dockets:rates.fields.costAccount")} ${rate.costAccount}` : ""}
                {" · "}
                {t("dockets:rates.usedBy", { count: rate.items })}
              </p>
              {rate.totalContractQuantity || rate.totalContractAmountCents != null ? (
                <p className="text-slate-600">
                  {t("dockets:rates.contract", {
                    quantity: rate.totalContractQuantity ?? "-",
                    amount: money(rate.totalContractAmountCents),
                  })}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {can.edit ? (
                  <Form method="post" action={RESOURCE_RATES_PATH}>
                    <input
                      type="hidden"
                      name="intent"
                      value={rate.active ? RATE_INTENTS.deactivate : RATE_INTENTS.activate}
                    />
                    <input type="hidden" name="rateId" value={rate.id} />
                    <Button type="submit" size="sm" variant="secondary">
                      {t(rate.active ? "dockets:rates.deactivate" : "dockets:rates.activate")}
                    </Button>
                  </Form>
                ) : null}
              </div>
              {can.edit ? (
                <details>
                  <summary className="cursor-pointer text-brand-700">{t("dockets:rates.edit")}</summary>
                  <div className="mt-2">
                    <RateFields
                      intent={RATE_INTENTS.edit}
                      rateId={rate.id}
                      values={rate.values}
                      companies={companies}
                      submit={t("dockets:rates.save")}
                    />
                  </div>
                </details>
              ) : null}
              {can.delete ? (
                rate.items > 0 ? (
                  <p className="text-xs text-slate-500">{t("dockets:rates.onlyDeactivate")}</p>
                ) : (
                  <ConfirmInPlaceForm
                    summary={t("dockets:rates.delete")}
                    action={RESOURCE_RATES_PATH}
                    intent={RATE_INTENTS.delete}
                    fields={{ rateId: rate.id }}
                    confirmLabel={t("dockets:workflow.confirmed")}
                    submitLabel={t("dockets:rates.deleteTitle", { code: rate.code })}
                  />
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
