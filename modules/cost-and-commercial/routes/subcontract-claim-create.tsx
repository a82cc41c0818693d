import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextField } from "~/app/ui/field";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { subcontractPath } from "../server/downstream-basics";
import { SUBCONTRACT_LIMITS } from "../server/subcontract-basics";
import { createSubcontractClaim } from "../server/subcontract-claim.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { MoneyInput } from "../ui/money-input";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New payment claim | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return { id: subcontract.id, code: subcontract.code, company: subcontract.company.name };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return createSubcontractClaim(context, subcontract, await readForm(request));
}

/** A subcontractor's payment claim: it takes in the approved work up to the period end when it is saved. */
export default function CreateSubcontractClaimPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "subcontract-claim", lastResult });
  const f = (name: string, required = false) =>
    `${t(`cost-and-commercial:subcontractClaim.fields.${name}`)}${required ? " *" : ""}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:subcontractClaim.createTitle", { code: page.code })}
      </h1>
      <p className="text-sm text-slate-600">
        {t("cost-and-commercial:subcontractClaim.createIntro", { company: page.company })}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <DateField
            label={f("billingPeriodEnd", true)}
            hint={t("cost-and-commercial:subcontractClaim.billingPeriodEndHint")}
            errors={translate(fields.billingPeriodEnd.errors)}
            inputProps={{ ...getInputProps(fields.billingPeriodEnd, { type: "date" }), required: true }}
          />
          <DateField
            label={f("receivedOn")}
            hint={t("cost-and-commercial:subcontractClaim.receivedOnHint")}
            errors={translate(fields.receivedOn.errors)}
            inputProps={getInputProps(fields.receivedOn, { type: "date" })}
          />
          <TextField
            label={f("invoiceNumber")}
            errors={translate(fields.invoiceNumber.errors)}
            inputProps={{
              ...getInputProps(fields.invoiceNumber, { type: "text" }),
              maxLength: SUBCONTRACT_LIMITS.invoiceNumber,
            }}
          />
          <DateField
            label={f("invoiceDate")}
            errors={translate(fields.invoiceDate.errors)}
            inputProps={getInputProps(fields.invoiceDate, { type: "date" })}
          />
          <MoneyInput
            label={f("otherWork")}
            name={fields.otherWork.name}
            hint={t("cost-and-commercial:subcontractClaim.otherWorkHint")}
            defaultValue={fields.otherWork.initialValue as string | undefined}
            errors={translate(fields.otherWork.errors)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={subcontractPath(page.id, "claims")} className={buttonClass("secondary")}>
            {t("cost-and-commercial:upstream.form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("cost-and-commercial:subcontractClaim.create")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
