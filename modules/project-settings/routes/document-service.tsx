import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { NativeSelect } from "~/app/ui/native-select";
import { PageHeader } from "~/app/ui/page-header";
import {
  documentServicePage,
  saveDocumentServicePage,
  testDocumentServicePage,
} from "~/server/documents/settings-page.server";
import { readForm } from "~/server/http/form.server";
import { canIntent, requireIntent, requireRoute } from "~/server/permissions/guard.server";

export const meta: MetaFunction = () => [{ title: "Document service | SiteProof" }];
export const handle = { i18n: ["project-settings", "common"] };

type ActionData = {
  result: SubmissionResult<string[]> | null;
  test: { ok: true; detail: string } | { ok: false; error: string } | null;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    settings: await documentServicePage(context.em, context.project.id),
    canEdit: canIntent(context, "save"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const guarded = await requireRoute(request);
  const formData = await readForm(request);
  // Both intents need the edit permission (manifest `intents`).
  const intent = requireIntent(guarded, formData);
  const { em, user, project, locale } = guarded;
  const context = { em, projectId: project.id, actorId: user.id, locale };
  if (intent === "test") return testDocumentServicePage(context, formData);
  return saveDocumentServicePage(context, formData);
}

const ACC_FIELDS = ["accHubId", "accProjectId", "accClientId"] as const;

export default function DocumentServiceSettingsPage() {
  const { settings, canEdit } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("project-settings");
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: "document-service",
    lastResult: answer?.result ?? undefined,
    defaultValue: {
      kind: settings.kind,
      folderPath: settings.folderPath,
      accHubId: settings.accHubId,
      accProjectId: settings.accProjectId,
      accClientId: settings.accClientId,
      accClientSecret: "",
    },
    shouldValidate: "onSubmit",
  });
  return (
    <div className="space-y-6">
      <PageHeader title={t("documentService.title")} description={t("documentService.intro")} />
      <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5">
        <FormAlert id={form.errorId} errors={form.errors} />
        <fieldset disabled={!canEdit} className="space-y-4">
          <NativeSelect
            label={t("documentService.fields.kind")}
            name={fields.kind.name}
            defaultValue={String(fields.kind.initialValue ?? settings.kind)}
            options={[
              { value: "local", label: t("documentService.kinds.local") },
              { value: "acc", label: t("documentService.kinds.acc") },
            ]}
            errors={fields.kind.errors}
          />
          <TextField
            label={t("documentService.fields.folderPath")}
            hint={t("documentService.hints.folderPath")}
            errors={fields.folderPath.errors}
            inputProps={getInputProps(fields.folderPath, { type: "text" })}
          />
          <section className="space-y-4 rounded-md border border-slate-200 p-4">
            <h2 className="text-base font-semibold text-slate-900">{t("documentService.acc.title")}</h2>
            <p className="text-sm text-slate-600">{t("documentService.acc.intro")}</p>
            {ACC_FIELDS.map((name) => (
              <TextField
                key={name}
                label={t(`documentService.fields.${name}`)}
                hint={name === "accClientId" ? undefined : t("documentService.hints.accId")}
                errors={fields[name].errors}
                inputProps={{ ...getInputProps(fields[name], { type: "text" }), autoComplete: "off" }}
              />
            ))}
            <TextField
              label={t("documentService.fields.accClientSecret")}
              hint={t(
                settings.secretStored ? "documentService.hints.secretStored" : "documentService.hints.secret",
              )}
              errors={fields.accClientSecret.errors}
              inputProps={{
                ...getInputProps(fields.accClientSecret, { type: "password" }),
                autoComplete: "new-password",
              }}
            />
          </section>
        </fieldset>
        {answer?.test ? (
          <p role="status" className={answer.test.ok ? "text-sm text-emerald-700" : "text-sm text-red-700"}>
            {answer.test.ok
              ? answer.test.detail === "local"
                ? t("documentService.test.okLocal")
                : t("documentService.test.ok", { detail: answer.test.detail })
              : t("documentService.test.failed", { error: answer.test.error })}
          </p>
        ) : null}
        {/* Save comes first: Enter in a field saves. */}
        {canEdit ? (
          <div className="flex flex-row-reverse flex-wrap justify-start gap-2">
            <Button type="submit" name="intent" value="save" loading={busy("save")}>
              {t("documentService.actions.save")}
            </Button>
            <Button type="submit" name="intent" value="test" variant="secondary" loading={busy("test")}>
              {t("documentService.actions.test")}
            </Button>
          </div>
        ) : null}
      </Form>
    </div>
  );
}
