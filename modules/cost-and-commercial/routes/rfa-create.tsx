import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { requireHeadContract } from "../server/head-contract.server";
import { createRfa } from "../server/rfa.server";
import { UPSTREAM_LIMITS, upstreamPath } from "../server/upstream-basics";
import { MoneyInput } from "../ui/money-input";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New request for approval | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  await requireHeadContract(context);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createRfa(context, await requireHeadContract(context), await readForm(request));
}

export default function CreateRfaPage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "rfa", lastResult });
  const f = (name: string) => t(`cost-and-commercial:rfa.fields.${name}`);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("cost-and-commercial:rfa.createTitle")}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <TextField
            className="sm:col-span-2"
            label={`${f("title")} *`}
            errors={translate(fields.title.errors)}
            inputProps={{
              ...getInputProps(fields.title, { type: "text" }),
              maxLength: UPSTREAM_LIMITS.title,
              required: true,
            }}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={f("description")}
            errors={translate(fields.description.errors)}
            textareaProps={{
              ...getTextareaProps(fields.description),
              maxLength: UPSTREAM_LIMITS.description,
            }}
          />
          <MoneyInput
            label={f("amount")}
            name={fields.amount.name}
            defaultValue={fields.amount.initialValue as string | undefined}
            errors={translate(fields.amount.errors)}
          />
          <DateField
            label={f("responseDueOn")}
            errors={translate(fields.responseDueOn.errors)}
            inputProps={getInputProps(fields.responseDueOn, { type: "date" })}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={upstreamPath("rfa")} className={buttonClass("secondary")}>
            {t("cost-and-commercial:upstream.form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("cost-and-commercial:rfa.create")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
