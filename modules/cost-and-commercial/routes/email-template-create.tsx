import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { CNC_SETTINGS_PATH } from "../server/calendar-basics";
import { createEmailTemplate } from "../server/email-template.server";
import { EMAIL_PLACEHOLDERS } from "../server/email-template-placeholders";
import { useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "New e-mail template | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRoute(request);
  return { placeholders: [...EMAIL_PLACEHOLDERS] };
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createEmailTemplate(context, await readForm(request));
}

/** A reminder e-mail's template: name, subject and body with the {placeholders} listed. */
export default function CreateEmailTemplatePage() {
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t, translate } = useUpstreamText();
  const navigation = useNavigation();
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | undefined>;
  const sent = (lastResult?.initialValue ?? {}) as Record<string, string | undefined>;
  const f = (name: string) => `${t(`cost-and-commercial:emailTemplates.fields.${name}`)} *`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">
        {t("cost-and-commercial:emailTemplates.createTitle")}
      </h1>
      <Form method="post" noValidate className="space-y-6">
        <FormAlert errors={translate(errors[""])} />
        <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <TextField
            label={f("name")}
            errors={translate(errors.name)}
            inputProps={{ name: "name", defaultValue: sent.name ?? "", maxLength: 200, required: true }}
          />
          <TextField
            label={f("subject")}
            errors={translate(errors.subject)}
            inputProps={{ name: "subject", defaultValue: sent.subject ?? "", maxLength: 300, required: true }}
          />
          <TextAreaField
            label={f("body")}
            errors={translate(errors.body)}
            textareaProps={{
              name: "body",
              defaultValue: sent.body ?? "",
              rows: 8,
              maxLength: 10_000,
              required: true,
            }}
          />
          <div className="text-sm text-slate-600">
            <p>{t("cost-and-commercial:emailTemplates.placeholdersIntro")}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {EMAIL_PLACEHOLDERS.map((name) => (
                <li key={name}>
                  <code className="rounded bg-slate-100 px-1">{`{${name}}`}</code>{" "}
                  {t(`cost-and-commercial:emailTemplates.placeholders.${name}`)}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to={CNC_SETTINGS_PATH} className={buttonClass("secondary")}>
            {t("cost-and-commercial:calendar.cancel")}
          </Link>
          <Button type="submit" loading={navigation.state === "submitting"}>
            {t("cost-and-commercial:emailTemplates.save")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
