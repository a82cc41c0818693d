import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { DateField } from "~/app/ui/date-field";
import { EmptyState } from "~/app/ui/empty-state";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formatDate } from "~/app/utils/format";
import type { NotifyActionData, NotifyPageData, NotifyPoint } from "../server/hold-point-notify.server";
import { ITP_LIMITS } from "../server/itp-rules";
import { CLIENT_LINK_LIMITS } from "../server/lot-client-link-rules";
import { InspectionPoint } from "./itp-view";
import { PointStateBadge } from "./lot-hold-witness-points";
import { useReportMessages } from "./lot-itp-messages";

/**
 * "Notify the client" as three pages (spec 2's email, confirm and sent modals; with or without JavaScript
 * each step is a plain form post): the form, the mails as they will be sent, and what was sent.
 */
export function NotifyClientPage({
  page,
  answer,
}: {
  page: NotifyPageData;
  answer: NotifyActionData | null;
}) {
  const { t } = useReportMessages();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold text-slate-900">{t("quality:hpWpClient.notify.title")}</h1>
      {page.step === "sent" ? (
        <Sent sent={page.sent} />
      ) : answer?.step === "confirm" ? (
        <Confirm answer={answer} />
      ) : (
        <NotifyForm page={page} result={answer?.step === "form" ? answer.result : null} />
      )}
    </div>
  );
}

function PointList({ points }: { points: NotifyPoint[] }) {
  const { t } = useReportMessages();
  return (
    <ul className="space-y-1 text-sm">
      {points.map((point) => (
        <li key={point.ref} className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{point.lotNumber}</span>
          <span>
            {point.itpNumber} #{point.position} {point.activity}
          </span>
          <InspectionPoint kind={point.kind} />
          <PointStateBadge state={point.state} />
          {point.notifiable ? null : (
            <span className="text-xs text-amber-800">{t("quality:hpWpClient.notify.leftOut")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

const initial = (result: SubmissionResult<string[]> | null, name: string, fallback: string) => {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : fallback;
};

function NotifyForm({
  page,
  result,
}: {
  page: Extract<NotifyPageData, { step: "form" }>;
  result: SubmissionResult<string[]> | null;
}) {
  const { t, errorsOf } = useReportMessages();
  const notifiable = page.points.filter((point) => point.notifiable);
  if (page.points.length === 0) return <EmptyState title={t("quality:hpWpClient.notify.noPoints")} />;
  return (
    <Form method="post" className="space-y-4">
      <section className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">{t("quality:hpWpClient.notify.points")}</h2>
        <PointList points={page.points} />
      </section>
      {notifiable.map((point) => (
        <input key={point.ref} type="hidden" name="point" value={point.ref} />
      ))}
      <FormAlert errors={errorsOf(result)} />
      {notifiable.length === 0 ? (
        <p className="text-sm text-amber-800">{t("quality:hpWpClient.notify.errors.nothingToNotify")}</p>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t("quality:hpWpClient.notify.clientName")}
              errors={errorsOf(result, "clientName")}
              inputProps={{
                name: "clientName",
                required: true,
                maxLength: ITP_LIMITS.recipientName,
                defaultValue: initial(result, "clientName", page.defaults.clientName),
              }}
            />
            <TextField
              label={t("quality:hpWpClient.notify.clientEmail")}
              errors={errorsOf(result, "clientEmail")}
              inputProps={{
                name: "clientEmail",
                type: "email",
                required: true,
                maxLength: ITP_LIMITS.email,
                defaultValue: initial(result, "clientEmail", page.defaults.clientEmail),
              }}
            />
            <TextField
              label={t("quality:hpWpClient.notify.cc")}
              hint={t("quality:hpWpClient.notify.ccHint", { count: CLIENT_LINK_LIMITS.cc })}
              errors={errorsOf(result, "cc")}
              inputProps={{ name: "cc", defaultValue: initial(result, "cc", page.defaults.cc) }}
            />
            <DateField
              label={t("quality:hpWpClient.notify.dueOn")}
              errors={errorsOf(result, "dueOn")}
              inputProps={{
                name: "dueOn",
                required: true,
                defaultValue: initial(result, "dueOn", page.defaults.dueOn),
              }}
            />
          </div>
          <TextAreaField
            label={t("quality:hpWpClient.notify.content")}
            hint={t("quality:hpWpClient.notify.contentHint", { days: page.linkLifetimeDays })}
            errors={errorsOf(result, "content")}
            textareaProps={{
              name: "content",
              required: true,
              rows: 10,
              maxLength: CLIENT_LINK_LIMITS.content,
              defaultValue: initial(result, "content", page.defaults.content),
            }}
          />
          <Button type="submit" name="step" value="review">
            {t("quality:hpWpClient.notify.review")}
          </Button>
        </>
      )}
    </Form>
  );
}

function Confirm({ answer }: { answer: Extract<NotifyActionData, { step: "confirm" }> }) {
  const { t, locale } = useReportMessages();
  const { values } = answer;
  return (
    <Form method="post" className="space-y-4">
      <p className="text-sm text-slate-700">
        {t("quality:hpWpClient.notify.confirmIntro", {
          name: values.clientName,
          email: values.clientEmail,
          date: formatDate(values.dueOn, locale),
        })}
      </p>
      {values.cc ? (
        <p className="text-sm text-slate-700">{t("quality:hpWpClient.notify.ccList", { cc: values.cc })}</p>
      ) : null}
      {values.point.map((ref) => (
        <input key={ref} type="hidden" name="point" value={ref} />
      ))}
      {(["clientName", "clientEmail", "cc", "dueOn", "content"] as const).map((name) => (
        <input key={name} type="hidden" name={name} value={values[name]} />
      ))}
      {answer.mails.map((mail) => (
        <section key={mail.lotId} className="space-y-2 rounded-lg border border-slate-200 p-4">
          <h2 className="text-base font-semibold text-slate-900">
            {t("quality:hpWpClient.notify.mailFor", { lot: mail.lotNumber })}
          </h2>
          <PointList points={mail.points} />
          <pre className="whitespace-pre-wrap font-sans text-sm text-slate-800">{mail.text}</pre>
        </section>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="step" value="send">
          {t("quality:hpWpClient.notify.send")}
        </Button>
        <Button type="submit" name="step" value="edit" variant="secondary" formNoValidate>
          {t("quality:hpWpClient.notify.back")}
        </Button>
      </div>
    </Form>
  );
}

function Sent({ sent }: { sent: Extract<NotifyPageData, { step: "sent" }>["sent"] }) {
  const { t, locale } = useReportMessages();
  return (
    <div role="status" className="space-y-3">
      <p className="text-sm text-slate-700">{t("quality:hpWpClient.notify.sentIntro")}</p>
      <ul className="space-y-2 text-sm">
        {sent.map((link) => (
          <li key={`${link.lotId}-${link.recipientEmail}`} className="flex flex-wrap items-center gap-2">
            {t("quality:hpWpClient.notify.sentTo", {
              lot: link.lotNumber,
              count: link.points,
              email: [link.recipientEmail, ...link.cc].join(", "),
              date: formatDate(link.expiresAt, locale),
            })}
            <Link to={`/quality/lot/${link.lotId}/hp-wp`} className={buttonClass("secondary", "sm")}>
              {t("quality:hpWpClient.notify.backToLot", { lot: link.lotNumber })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
