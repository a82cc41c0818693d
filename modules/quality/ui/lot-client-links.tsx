import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { ITP_LIMITS } from "../server/itp-rules";
import type { LotLinkRow } from "../server/lot-client-links.server";
import { useReportMessages } from "./lot-itp-messages";

const STATE_TONES = {
  valid: "info",
  used: "success",
  expired: "neutral",
  revoked: "neutral",
  superseded: "neutral",
} as const;

/**
 * The client's links of a lot (hold and witness point links, lot review links), newest first, each with its
 * state and, while open, a revoke button for whoever may send it. The forms post to the lot's links page.
 */
export function LotClientLinks({
  lotId,
  links,
  from,
}: {
  lotId: string;
  links: LotLinkRow[];
  /** The page the list is on, when it is not the links page (the revoke comes back to it). */
  from?: "hp-wp";
}) {
  const { t, locale } = useReportMessages();
  if (links.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:hpWpClient.links.none")}</p>;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
      {links.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center gap-2 p-3">
          <StatusBadge tone={STATE_TONES[link.state]}>
            {t(`quality:hpWpClient.links.state.${link.state}`)}
          </StatusBadge>
          <span className="font-medium text-slate-900">
            {t(`quality:hpWpClient.links.purpose.${link.purpose}`)}
          </span>
          <span className="text-slate-700">
            {t("quality:hpWpClient.links.row", {
              name: link.recipientName,
              email: link.recipientEmail,
              count: link.points,
              sent: formatDate(link.createdAt, locale),
              expires: formatDate(link.expiresAt, locale),
            })}
          </span>
          {link.canRevoke ? (
            <Form method="post" action={`/quality/lot/${lotId}/client-links`} className="ml-auto">
              <input type="hidden" name="intent" value="revoke-link" />
              <input type="hidden" name="linkId" value={link.id} />
              {from ? <input type="hidden" name="from" value={from} /> : null}
              <Button type="submit" variant="secondary" size="sm">
                {t("quality:hpWpClient.links.revoke")}
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** QA's form to mail the lot's review link to the client. */
export function SendLotReviewLink({
  lotId,
  result,
  days,
}: {
  lotId: string;
  result: SubmissionResult<string[]> | null;
  days: number;
}) {
  const { t, errorsOf } = useReportMessages();
  return (
    <Form
      method="post"
      action={`/quality/lot/${lotId}/client-links`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 className="text-base font-semibold text-slate-900">{t("quality:hpWpClient.review.sendTitle")}</h2>
      <p className="text-sm text-slate-600">{t("quality:hpWpClient.review.sendIntro", { days })}</p>
      <input type="hidden" name="intent" value="send-review-link" />
      <FormAlert errors={errorsOf(result)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("quality:hpWpClient.notify.clientName")}
          errors={errorsOf(result, "clientName")}
          inputProps={{ name: "clientName", required: true, maxLength: ITP_LIMITS.recipientName }}
        />
        <TextField
          label={t("quality:hpWpClient.notify.clientEmail")}
          errors={errorsOf(result, "clientEmail")}
          inputProps={{ name: "clientEmail", type: "email", required: true, maxLength: ITP_LIMITS.email }}
        />
      </div>
      <Button type="submit">{t("quality:hpWpClient.review.send")}</Button>
    </Form>
  );
}

/** The lot page's way to the review link form (shown to QA while the lot waits for the client). */
export function SendReviewLinkButton({ lotId }: { lotId: string }) {
  const { t } = useReportMessages();
  return (
    <Link to={`/quality/lot/${lotId}/client-links`} className={buttonClass("secondary")}>
      {t("quality:hpWpClient.review.sendTitle")}
    </Link>
  );
}
