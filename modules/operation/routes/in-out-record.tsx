import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, ErrorList, FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { PageHeader } from "~/app/ui/page-header";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { IN_OUT_LIMITS, IN_OUT_PATH } from "../domain/in-out";
import { loadStay, stayAction } from "../server/in-out-actions.server";
import { KindBadges } from "../ui/in-out-lists";
import { useInOutText } from "../ui/in-out-text";

export const handle = { i18n: ["operation", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "In/Out | SiteProof" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadStay(context, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  return stayAction(context, params.id, formData, intent);
}

/** One stay: correct its times with a reason (inOut.edit), or delete it after ticking the confirmation. */
export default function InOutRecordPage() {
  const { stay, timeZone, canDelete } = useLoaderData<typeof loader>();
  const lastResult = (useActionData() ?? null) as SubmissionResult<string[]> | null;
  const { t, locale, translate } = useInOutText();
  const errors = (lastResult?.error ?? {}) as Record<string, string[] | null>;
  const sent = (lastResult?.initialValue ?? {}) as Record<string, string>;
  const field = (name: string) => t(`operation:inout.fields.${name}`);
  return (
    <div className="max-w-xl space-y-6">
      <PageHeader
        title={t("operation:inout.correction.title", { name: stay.name })}
        description={`${stay.company}${stay.role ? ` · ${stay.role}` : ""} · ${formatDate(stay.siteDay, locale)} · ${timeZone}`}
      />
      <KindBadges kind={stay.kind} inducted={stay.inducted} />
      <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
        <input type="hidden" name="intent" value="correct" />
        <FormAlert errors={translate(errors[""] ?? null)} />
        <TextField
          label={`${field("signedIn")} *`}
          errors={translate(errors.signedIn ?? null)}
          inputProps={{
            name: "signedIn",
            type: "time",
            required: true,
            defaultValue: sent.signedIn ?? stay.signedIn,
          }}
        />
        <TextField
          label={field("signedOut")}
          hint={
            stay.signOutKind ? t(`operation:inout.how.${stay.signOutKind}`) : t("operation:inout.stillIn")
          }
          errors={translate(errors.signedOut ?? null)}
          inputProps={{
            name: "signedOut",
            type: "time",
            defaultValue: sent.signedOut ?? stay.signedOut ?? "",
          }}
        />
        <TextAreaField
          label={`${field("reason")} *`}
          errors={translate(errors.reason ?? null)}
          textareaProps={{
            name: "reason",
            required: true,
            maxLength: IN_OUT_LIMITS.reason,
            defaultValue: sent.reason ?? "",
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t("operation:inout.correction.save")}</Button>
          <Link to={`${IN_OUT_PATH}?date=${stay.siteDay}`} className={buttonClass("secondary")}>
            {t("operation:inout.correction.back")}
          </Link>
        </div>
      </Form>
      {canDelete ? (
        <Form method="post" className="space-y-3 rounded-lg border border-red-200 bg-white p-4">
          <input type="hidden" name="intent" value="delete" />
          <h2 className="text-base font-semibold text-slate-900">
            {t("operation:inout.correction.deleteTitle")}
          </h2>
          <CheckboxField
            label={t("operation:inout.correction.confirmDelete")}
            inputProps={{ name: "confirmed" }}
          />
          <ErrorList errors={translate(errors.confirmed ?? null)} />
          <Button type="submit" variant="danger">
            {t("operation:inout.correction.delete")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
