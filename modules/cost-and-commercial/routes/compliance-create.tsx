import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { requireRoute } from "~/server/permissions/guard.server";
import { addComplianceDocument } from "../server/compliance.server";
import { requireHeadContract } from "../server/head-contract.server";
import { UPSTREAM_LIMITS, upstreamPath } from "../server/upstream-basics";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common", "uploads"] };

export const meta: MetaFunction = () => [{ title: "Add a compliance document | SiteProof" }];

/** Three key-date rows on the page: enough for renewal, submission and expiry; empty rows are dropped. */
const KEY_DATE_ROWS = [0, 1, 2] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const contract = await requireHeadContract(context);
  return { code: contract.code };
}

/** A multipart post (the fields and the file): read by the core's parseUploadForm, not readForm. */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return addComplianceDocument(context, await requireHeadContract(context), request);
}

export default function AddComplianceDocumentPage() {
  const { code } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "compliance-document", lastResult });
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const c = (name: string) => t(`cost-and-commercial:compliance.${name}`);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:compliance.addTitle", { code })}
      </h1>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        noValidate
        className="space-y-6"
      >
        <FormAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
          <TextField
            label={`${c("name")} *`}
            errors={translate(fields.name.errors)}
            inputProps={{ name: "name", type: "text", maxLength: UPSTREAM_LIMITS.name, required: true }}
          />
          <FileDrop
            label={`${c("file")} *`}
            name="file"
            hint={c("fileHint")}
            errors={translate(errors.file)}
          />
          <TextAreaField
            className="sm:col-span-2"
            label={c("description")}
            errors={translate(fields.description.errors)}
            textareaProps={{ name: "description", maxLength: UPSTREAM_LIMITS.description }}
          />
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium text-slate-900">{c("keyDates")}</legend>
            {KEY_DATE_ROWS.map((index) => (
              <div key={`key-date-${index}`} className="grid gap-2 sm:grid-cols-2">
                <TextField
                  label={t("cost-and-commercial:compliance.keyDateLabel", { number: index + 1 })}
                  errors={translate(errors[`keyDates[${index}].label`])}
                  inputProps={{
                    name: `keyDates[${index}].label`,
                    type: "text",
                    maxLength: UPSTREAM_LIMITS.keyDateLabel,
                  }}
                />
                <TextField
                  label={t("cost-and-commercial:compliance.keyDateDate", { number: index + 1 })}
                  errors={translate(errors[`keyDates[${index}].date`])}
                  inputProps={{ name: `keyDates[${index}].date`, type: "date" }}
                />
              </div>
            ))}
          </fieldset>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={upstreamPath("compliance")} className={buttonClass("secondary")}>
            {t("cost-and-commercial:upstream.form.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {c("save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
