import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { ConfirmDialog } from "~/app/ui/confirm-dialog";
import { StatusBadge } from "~/app/ui/status-badge";
import { useHydrated } from "~/app/ui/use-hydrated";
import { formatDateTime } from "~/app/utils/format";
import type { ReviewLinkState } from "../server/itp-rules";
import { useItpText } from "./itp-view";

export type ReviewRow = {
  id: string;
  scope: "INTERNAL" | "EXTERNAL";
  decision: "approved" | "rejected";
  revision: number;
  reviewerName: string;
  reviewerAccount: string | null;
  comment: string | null;
  signature: string | null;
  linkRecipient: string | null;
  createdAt: string;
};

/** Every decision taken on the ITP, newest first, with its signature and how it was given. */
export function ReviewHistory({ reviews }: { reviews: ReviewRow[] }) {
  const { t, locale } = useItpText();
  if (reviews.length === 0)
    return <p className="text-sm text-slate-600">{t("quality:itp.detail.noReviews")}</p>;
  return (
    <ol className="space-y-3">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge tone={review.decision === "approved" ? "success" : "danger"}>
              {t(`quality:itp.reviews.${review.decision}`)}
            </StatusBadge>
            <span className="font-medium text-slate-900">{t(`quality:itp.reviews.${review.scope}`)}</span>
            <span className="text-slate-500">
              · {t("quality:itp.detail.revisionShort", { revision: review.revision })}
            </span>
            <span className="text-slate-500">· {formatDateTime(review.createdAt, locale)}</span>
          </div>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-500">{t("quality:itp.reviews.reviewer")}</dt>
              <dd className="text-slate-900">{review.reviewerName}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t("quality:itp.reviews.via")}</dt>
              <dd className="text-slate-900">
                {review.linkRecipient
                  ? t("quality:itp.reviews.viaLink", { recipient: review.linkRecipient })
                  : review.reviewerAccount
                    ? t("quality:itp.reviews.viaAccount", { name: review.reviewerAccount })
                    : "-"}
              </dd>
            </div>
            {review.comment ? (
              <div className="sm:col-span-2">
                <dt className="text-xs text-slate-500">{t("quality:itp.reviews.comment")}</dt>
                <dd className="whitespace-pre-line text-slate-900">{review.comment}</dd>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <dt className="text-xs text-slate-500">{t("quality:itp.reviews.signature")}</dt>
              <dd>
                {review.signature ? (
                  <img
                    src={review.signature}
                    alt={t("quality:itp.reviews.signatureOf", { name: review.reviewerName })}
                    className="mt-1 h-16 rounded border border-slate-200 bg-white"
                  />
                ) : (
                  <span className="font-serif italic text-slate-900">
                    {review.reviewerName}{" "}
                    <span className="font-sans text-xs not-italic text-slate-500">
                      ({t("quality:itp.reviews.signedByName")})
                    </span>
                  </span>
                )}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

export type ReviewLinkRow = {
  id: string;
  scope: "INTERNAL" | "EXTERNAL";
  recipientName: string | null;
  recipientEmail: string;
  revision: number;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  state: ReviewLinkState;
};

const LINK_TONES = {
  valid: "success",
  used: "info",
  expired: "neutral",
  revoked: "danger",
  superseded: "neutral",
} as const;

/** The review links sent (the client's, and Quality's to an outside reviewer), and a way to take an active one back. */
export function ReviewLinks({ links, canRevoke }: { links: ReviewLinkRow[]; canRevoke: boolean }) {
  const { t, locale } = useItpText();
  const hydrated = useHydrated();
  if (links.length === 0) return <p className="text-sm text-slate-600">{t("quality:itp.detail.noLinks")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("quality:itp.detail.links")}</caption>
        <thead className="bg-slate-50">
          <tr>
            {(["recipient", "created", "expires", "state"] as const).map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                {t(`quality:itp.links.${column}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">{t("quality:itp.links.revoke")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {links.map((link) => {
            const recipient = link.recipientName
              ? `${link.recipientName} <${link.recipientEmail}>`
              : link.recipientEmail;
            const revokeButton = (
              <Button variant="secondary" size="sm" type={hydrated ? "button" : "submit"}>
                {t("quality:itp.links.revoke")}
              </Button>
            );
            const fields = { intent: "revoke-link", linkId: link.id };
            return (
              <tr key={link.id}>
                <td className="px-3 py-2 text-slate-900">
                  {recipient}
                  <span className="block text-xs text-slate-500">
                    {t(`quality:itp.links.for${link.scope}`)} ·{" "}
                    {t("quality:itp.detail.revisionShort", { revision: link.revision })}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {formatDateTime(link.createdAt, locale)}
                  {link.createdBy ? (
                    <span className="block text-xs text-slate-500">{link.createdBy}</span>
                  ) : null}
                </td>
                <td className="px-3 py-2">{formatDateTime(link.expiresAt, locale)}</td>
                <td className="px-3 py-2">
                  <StatusBadge tone={LINK_TONES[link.state]}>
                    {t(`quality:itp.links.${link.state}`)}
                  </StatusBadge>
                </td>
                <td className="px-3 py-2 text-right">
                  {canRevoke && link.state === "valid" ? (
                    hydrated ? (
                      <ConfirmDialog
                        trigger={revokeButton}
                        title={t("quality:itp.links.revokeTitle")}
                        description={t("quality:itp.links.revokeDescription", { recipient })}
                        confirmLabel={t("quality:itp.links.revoke")}
                        tone="danger"
                        submit={{ fields }}
                      />
                    ) : (
                      // Without JavaScript the button posts at once: revoking is the whole point of pressing it.
                      <Form method="post">
                        <input type="hidden" name="intent" value="revoke-link" />
                        <input type="hidden" name="linkId" value={link.id} />
                        {revokeButton}
                      </Form>
                    )
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
