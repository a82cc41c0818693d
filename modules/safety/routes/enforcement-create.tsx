import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { NativeSelect } from "~/app/ui/native-select";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { ENFORCEMENT_OBJECT_TYPES, ENFORCEMENT_RESULTS } from "../domain/enforcement-scan";
import { createScan } from "../server/enforcement.server";
import { ENFORCEMENT_LIMITS, ENFORCEMENT_PATH, scanCreateSchema } from "../server/enforcement-rules";
import { useEnforcementText } from "../ui/enforcement-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Record a scan | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  // A link from an object's history starts the form on that object (?type&object&name).
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  return {
    start: {
      objectType: ENFORCEMENT_OBJECT_TYPES.includes(type as never) ? (type as string) : "",
      objectId: (params.get("object") ?? "").slice(0, ENFORCEMENT_LIMITS.objectId),
      objectName: (params.get("name") ?? "").slice(0, ENFORCEMENT_LIMITS.objectName),
      activity: "",
      comment: "",
      status: "",
      ncrRaised: "",
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return createScan(await requireRoute(request), await readForm(request));
}

/** The web's way to record a scan: what was checked, the result, and what was seen. */
export default function CreateScanPage() {
  const { start } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const navigation = useNavigation();
  const { t, translate } = useEnforcementText();
  const [form, fields] = useForm({
    id: "enforcement-scan",
    lastResult,
    defaultValue: start,
    constraint: getZodConstraint(scanCreateSchema),
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scanCreateSchema }),
  });
  const label = (name: string, required = false) =>
    t(`safety:enforcement.fields.${name}`) + (required ? " *" : "");
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("safety:enforcement.form.createTitle")}</h1>
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <NativeSelect
            label={label("objectType", true)}
            name={fields.objectType.name}
            placeholder={t("safety:enforcement.form.chooseType")}
            defaultValue={(fields.objectType.initialValue as string | undefined) || undefined}
            required
            options={ENFORCEMENT_OBJECT_TYPES.map((type) => ({
              value: type,
              label: t(`safety:enforcement.objectType.${type}`),
            }))}
            errors={translate(fields.objectType.errors)}
          />
          <TextField
            label={label("objectId", true)}
            hint={t("safety:enforcement.form.objectIdHint")}
            errors={translate(fields.objectId.errors)}
            inputProps={getInputProps(fields.objectId, { type: "text" })}
          />
          <TextField
            className="sm:col-span-2"
            label={label("objectName", true)}
            errors={translate(fields.objectName.errors)}
            inputProps={getInputProps(fields.objectName, { type: "text" })}
          />
          <TextField
            className="sm:col-span-2"
            label={label("activity")}
            errors={translate(fields.activity.errors)}
            inputProps={getInputProps(fields.activity, { type: "text" })}
          />
          <NativeSelect
            label={label("status", true)}
            name={fields.status.name}
            placeholder={t("safety:enforcement.form.chooseResult")}
            defaultValue={(fields.status.initialValue as string | undefined) || undefined}
            required
            options={ENFORCEMENT_RESULTS.map((result) => ({
              value: result,
              label: t(`safety:enforcement.result.${result}`),
            }))}
            errors={translate(fields.status.errors)}
          />
          <div className="self-end">
            <CheckboxField label={label("ncrRaised")} inputProps={{ name: fields.ncrRaised.name }} />
            <p className="mt-1 text-xs text-slate-500">{t("safety:enforcement.form.ncrHint")}</p>
          </div>
          <TextAreaField
            className="sm:col-span-2"
            label={label("comment")}
            errors={translate(fields.comment.errors)}
            textareaProps={{ ...getTextareaProps(fields.comment), rows: 3 }}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={ENFORCEMENT_PATH} className={buttonClass("secondary")}>
            {t("safety:enforcement.form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("safety:enforcement.form.create")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
