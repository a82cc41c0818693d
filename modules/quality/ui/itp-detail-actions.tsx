import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { FormAlert, TextField } from "~/app/ui/field";
import { useHydrated } from "~/app/ui/use-hydrated";
import type { ItpAction } from "../domain/itp-workflow";
import { ITP_PATH, itpPath } from "../server/itp-rules";
import { useItpText } from "./itp-view";

type DetailForActions = {
  itp: { id: string; number: string; title: string };
  actions: { action: ItpAction; confirm: boolean }[];
  can: { edit: boolean; addToLibrary: boolean; useAsTemplate: boolean; download: boolean };
};

/**
 * "Use as template" asks for the new ITP's title (prefilled with this one's) before copying: a disclosure
 * that works without JavaScript. The copy gets the project's next ITP number.
 */
function UseAsTemplateForm({
  itp,
  lastResult,
}: {
  itp: DetailForActions["itp"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useItpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "itp-use-as-template",
    lastResult,
    defaultValue: { title: itp.title },
    shouldValidate: "onSubmit",
  });
  return (
    <details className="relative" open={Boolean(lastResult)}>
      <summary className={buttonClass("secondary")}>{t("quality:itp.actions.useAsTemplate")}</summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-2 w-80 max-w-full space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow"
      >
        <input type="hidden" name="intent" value="use-as-template" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label={`${t("quality:itp.copy.title")} *`}
          errors={fields.title.errors}
          inputProps={getInputProps(fields.title, { type: "text" })}
        />
        <p className="text-xs text-slate-600">{t("quality:itp.copy.hint")}</p>
        <Button type="submit" loading={navigation.state === "submitting"}>
          {t("quality:itp.copy.submit")}
        </Button>
      </Form>
    </details>
  );
}

/** A decision needs the reviewer's name and signature, so these actions open the review page. */
const REVIEW_PAGE: Partial<Record<ItpAction, string>> = {
  internal_approve_send_external: "internal-review",
  internal_approve_activate: "internal-review",
  internal_reject: "internal-review",
  external_approve: "external-review",
  external_reject: "external-review",
};

function PostButton({
  intent,
  label,
  variant = "secondary",
}: {
  intent: string;
  label: string;
  variant?: "primary" | "secondary";
}) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} disabled={navigation.state === "submitting"}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The buttons the workflow table allows this user, plus the copies and exports. Archive asks first: in a
 * dialog with JavaScript, on the page itself (?confirm=archive) without.
 */
export function ItpDetailActions({
  detail,
  confirmArchive,
  copyResult,
}: {
  detail: DetailForActions;
  confirmArchive: boolean;
  /** A refused "use as template" (no title): its form opens again with the error. */
  copyResult?: SubmissionResult<string[]>;
}) {
  const { t } = useItpText();
  const hydrated = useHydrated();
  const { itp, actions, can } = detail;
  const reviewPages = [...new Set(actions.flatMap(({ action }) => REVIEW_PAGE[action] ?? []))];
  const archive = actions.some(({ action }) => action === "archive");
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {can.edit ? (
          <Link to={`${itpPath(itp.id)}/edit`} className={buttonClass("secondary")}>
            {t("quality:itp.actions.edit")}
          </Link>
        ) : null}
        {actions.map(({ action }) =>
          action === "submit_for_review" || action === "revise" || action === "restore" ? (
            <PostButton
              key={action}
              intent={action}
              label={t(`quality:itp.actions.${action}`)}
              variant={action === "submit_for_review" ? "primary" : "secondary"}
            />
          ) : null,
        )}
        {reviewPages.map((page) => (
          <Link key={page} to={`${ITP_PATH}/${page}/${itp.id}`} className={buttonClass("primary")}>
            {t("quality:itp.actions.review")}
          </Link>
        ))}
        {can.addToLibrary ? (
          <PostButton intent="add-to-library" label={t("quality:itp.actions.addToLibrary")} />
        ) : null}
        {can.useAsTemplate ? <UseAsTemplateForm itp={itp} lastResult={copyResult} /> : null}
        {can.download ? (
          <>
            <a href={`${itpPath(itp.id)}/export/pdf`} className={buttonClass("ghost")}>
              {t("quality:itp.detail.exportPdf")}
            </a>
            <a href={`${itpPath(itp.id)}/export/xlsx`} className={buttonClass("ghost")}>
              {t("quality:itp.detail.exportXlsx")}
            </a>
          </>
        ) : null}
        {archive && hydrated ? (
          <ConfirmDialog
            trigger={<Button variant="danger">{t("quality:itp.actions.archive")}</Button>}
            title={t("quality:itp.actions.archiveTitle")}
            description={t("quality:itp.actions.archiveDescription")}
            confirmLabel={t("quality:itp.actions.confirmArchive")}
            tone="danger"
            submit={{ fields: { intent: "archive", confirmed: "yes" } }}
          />
        ) : null}
        {archive && !hydrated ? (
          <Link to="?confirm=archive" className={buttonClass("danger")}>
            {t("quality:itp.actions.archive")}
          </Link>
        ) : null}
      </div>
      {archive && confirmArchive ? (
        <div role="alert" className="max-w-xl rounded-md border border-red-200 bg-red-50 p-4 text-sm">
          <p className="font-semibold text-red-800">{t("quality:itp.actions.archiveTitle")}</p>
          <p className="mt-1 text-red-900">{t("quality:itp.actions.archiveDescription")}</p>
          <Form method="post" className="mt-3 flex gap-2">
            <input type="hidden" name="intent" value="archive" />
            <input type="hidden" name="confirmed" value="yes" />
            <Button type="submit" variant="danger">
              {t("quality:itp.actions.confirmArchive")}
            </Button>
            <Link to={itpPath(itp.id)} className={buttonClass("secondary")}>
              {t("quality:itp.actions.cancel")}
            </Link>
          </Form>
        </div>
      ) : null}
    </div>
  );
}

/** Another link for the client while the ITP waits for them. */
export function SendReviewLinkForm({
  scope,
  lastResult,
  linkDays,
}: {
  /** How many days the new link stays open (the project's quality settings). */
  linkDays: number;
  /** Whose review the link is for: Quality's (to a reviewer outside the project) or the client's. */
  scope: "INTERNAL" | "EXTERNAL";
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useItpText();
  const navigation = useNavigation();
  const [form, fields] = useForm({ id: "itp-send-link", lastResult, shouldValidate: "onSubmit" });
  const internal = scope === "INTERNAL";
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="max-w-2xl space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">
        {t(internal ? "quality:itp.links.sendTitleINTERNAL" : "quality:itp.links.sendTitle")}
      </h3>
      <p className="text-sm text-slate-600">
        {t(internal ? "quality:itp.links.sendIntroINTERNAL" : "quality:itp.links.sendIntro", {
          days: linkDays,
        })}
      </p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="send-link" />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={`${t(internal ? "quality:itp.links.reviewerName" : "quality:itp.review.clientName")} *`}
          errors={fields.clientName.errors}
          inputProps={getInputProps(fields.clientName, { type: "text" })}
        />
        <TextField
          label={`${t(internal ? "quality:itp.links.reviewerEmail" : "quality:itp.review.clientEmail")} *`}
          errors={fields.clientEmail.errors}
          inputProps={getInputProps(fields.clientEmail, { type: "email" })}
        />
      </div>
      <Button type="submit" variant="secondary" loading={navigation.state === "submitting"}>
        {t("quality:itp.links.send")}
      </Button>
    </Form>
  );
}
