import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert } from "~/app/ui/field";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createHeadClaim } from "../server/head-claim.server";
import { requireHeadContract } from "../server/head-contract.server";
import { upstreamPath } from "../server/upstream-basics";
import { MoneyInput } from "../ui/money-input";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New progress claim | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  return { code: contract.code, contractSumCents: Number(contract.contractSumCents) };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  return createHeadClaim(context, contract, await readForm(request));
}

/** A progress claim for a billing period: the value scheduled and the work completed to date. */
export default function CreateHeadClaimPage() {
  const { code, contractSumCents } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate, money } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "head-claim", lastResult });
  const f = (name: string) => `${t(`cost-and-commercial:headClaims.fields.${name}`)} *`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:headClaims.createTitle", { code })}
      </h1>
      <p className="text-sm text-slate-600">
        {t("cost-and-commercial:headClaims.createIntro", { sum: money(contractSumCents) })}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <DateField
            label={f("billingPeriodStart")}
            errors={translate(fields.billingPeriodStart.errors)}
            inputProps={{ ...getInputProps(fields.billingPeriodStart, { type: "date" }), required: true }}
          />
          <DateField
            label={f("billingPeriodEnd")}
            errors={translate(fields.billingPeriodEnd.errors)}
            inputProps={{ ...getInputProps(fields.billingPeriodEnd, { type: "date" }), required: true }}
          />
          <MoneyInput
            label={f("scheduledValue")}
            name={fields.scheduledValue.name}
            defaultValue={fields.scheduledValue.initialValue as string | undefined}
            errors={translate(fields.scheduledValue.errors)}
            required
          />
          <MoneyInput
            label={f("workCompleted")}
            name={fields.workCompleted.name}
            hint={t("cost-and-commercial:headClaims.workCompletedHint")}
            defaultValue={fields.workCompleted.initialValue as string | undefined}
            errors={translate(fields.workCompleted.errors)}
            required
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={upstreamPath("claims")} className={buttonClass("secondary")}>
            {t("cost-and-commercial:upstream.form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("cost-and-commercial:headClaims.create")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
