import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { FormAlert, TextField } from "~/app/ui/field";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import {
  accConnectionPage,
  type ConnectionTest,
  removeAccConnection,
  saveAccConnection,
  testAccConnection,
} from "../server/acc-connection-settings.server";
import { useIntrayText } from "../ui/intray-text";

export const handle = { i18n: ["dockets", "common"] };

export const meta: MetaFunction = () => [{ title: "ACC connection | Dockets | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return accConnectionPage(await requireRoute(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  if (intent === "save") return saveAccConnection(context, formData);
  if (intent === "remove") return removeAccConnection(context);
  return testAccConnection(context);
}

export default function AccConnectionSettingsPage() {
  const { connection, canSave } = useLoaderData<typeof loader>();
  const result = useActionData<SubmissionResult<string[]> | ConnectionTest>();
  const lastResult = result && !("test" in result) ? result : undefined;
  const test = result && "test" in result ? result.test : null;
  const navigation = useNavigation();
  const { t, locale, translate } = useIntrayText();
  const [form, fields] = useForm({ id: "acc-connection", lastResult });
  const { status } = connection;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("dockets:acc.title")}</h1>
      <section
        aria-labelledby="acc-status"
        className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
      >
        <h2 id="acc-status" className="font-semibold text-slate-900">
          {t("dockets:acc.status")}
        </h2>
        <p role="status" data-testid="acc-status">
          {status.connected
            ? t("dockets:acc.connectedTo", { container: status.containerId })
            : t("dockets:acc.notConnected")}
        </p>
        {connection.updatedAt ? (
          <p className="text-slate-600">
            {t("dockets:acc.updatedAt", { when: formatDateTime(connection.updatedAt, locale) })}
          </p>
        ) : null}
        {status.connected ? (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="test" />
            <Button type="submit" variant="secondary" size="sm">
              {t("dockets:acc.test")}
            </Button>
            {test ? (
              <span className={test.ok ? "text-green-800" : "text-red-700"}>
                {test.ok
                  ? t("dockets:acc.testOk", { count: test.budgets })
                  : translate([test.message])?.join(" ")}
              </span>
            ) : null}
          </Form>
        ) : null}
      </section>
      {canSave ? (
        <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="save" />
          <FormAlert id={form.errorId} errors={translate(form.errors)} />
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
            <TextField
              label={`${t("dockets:acc.clientId")} *`}
              errors={translate(fields.clientId.errors)}
              inputProps={{
                name: "clientId",
                required: true,
                maxLength: 200,
                autoComplete: "off",
                defaultValue: (fields.clientId.initialValue as string | undefined) ?? connection.clientId,
              }}
            />
            <TextField
              label={`${t("dockets:acc.clientSecret")}${connection.hasSecret ? "" : " *"}`}
              hint={connection.hasSecret ? t("dockets:acc.secretKept") : undefined}
              errors={translate(fields.clientSecret.errors)}
              inputProps={{
                name: "clientSecret",
                type: "password",
                maxLength: 500,
                autoComplete: "new-password",
              }}
            />
            <TextField
              label={`${t("dockets:acc.containerId")} *`}
              errors={translate(fields.containerId.errors)}
              inputProps={{
                name: "containerId",
                required: true,
                maxLength: 200,
                defaultValue:
                  (fields.containerId.initialValue as string | undefined) ?? connection.containerId,
              }}
            />
            <TextField
              label={t("dockets:acc.baseUrl")}
              hint={t("dockets:acc.baseUrlHint")}
              errors={translate(fields.baseUrl.errors)}
              inputProps={{
                name: "baseUrl",
                type: "url",
                maxLength: 500,
                defaultValue: (fields.baseUrl.initialValue as string | undefined) ?? connection.baseUrl ?? "",
              }}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            {connection.clientId ? (
              <ConfirmDialog
                tone="danger"
                trigger={
                  <button type="button" className={buttonClass("secondary")}>
                    {t("dockets:acc.remove")}
                  </button>
                }
                title={t("dockets:acc.removeTitle")}
                description={t("dockets:acc.removeDescription")}
                confirmLabel={t("dockets:acc.remove")}
                submit={{ fields: { intent: "remove" } }}
              />
            ) : null}
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("dockets:acc.save")}
            </Button>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
