import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField, TextField } from "~/app/ui/field";
import { formatDate } from "~/app/utils/format";
import type { PointState } from "../domain/inspection-point-workflow";
import { ITP_LIMITS } from "../server/itp-rules";
import { ClosedLotLink } from "./hold-point-link";
import { ReviewPageFrame } from "./itp-link-review";
import { PointStateBadge } from "./lot-hold-witness-points";
import { useReportMessages } from "./lot-itp-messages";
import { LotStatusBadges } from "./lot-status-badges";

export type ExternalLotReviewData =
  | {
      state: "valid" | "used";
      token: string;
      recipientName: string;
      expiresAt: string;
      projectName: string;
      lot: {
        id: string;
        number: string;
        title: string;
        status: string;
        subStatus: string | null;
        location: string | null;
        lotType: string | null;
        area: string | null;
        workPack: string | null;
        workCommencedOn: string | null;
        completedOn: string | null;
      };
      points: {
        itemId: string;
        itpNumber: string;
        position: number;
        activity: string;
        kind: string;
        state: PointState;
      }[];
      itrs: { id: string; title: string; fileName: string }[];
    }
  | { state: "invalid" | "expired" | "revoked" | "superseded" | "used" };

/**
 * The client's review of a lot through the link QA sent (no account, plain forms): the lot, its hold and
 * witness points, its ITRs, and approve / reject with a reason; after the decision, what was decided.
 */
export function ExternalLotReview({
  page,
  thanks,
  lastResult,
}: {
  page: ExternalLotReviewData;
  thanks: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { t, locale, errorsOf } = useReportMessages();
  if (!("lot" in page))
    return (
      <ReviewPageFrame>
        <ClosedLotLink state={page.state} />
      </ReviewPageFrame>
    );
  const { lot } = page;
  const q = `?token=${encodeURIComponent(page.token)}`;
  return (
    <ReviewPageFrame>
      <div className="space-y-6">
        <header className="space-y-2">
          <h1 className="text-2xl font-semibold text-slate-900">
            {t("quality:hpWpClient.review.pageTitle", { lot: `${lot.number} ${lot.title}` })}
          </h1>
          <p className="text-sm text-slate-700">
            {t("quality:hpWpClient.review.intro", { project: page.projectName, name: page.recipientName })}
          </p>
          <LotStatusBadges status={lot.status as never} subStatus={lot.subStatus as never} />
          {page.state === "valid" ? (
            <p className="text-xs text-slate-500">
              {t("quality:hpWpClient.page.expires", { date: formatDate(page.expiresAt, locale) })}
            </p>
          ) : null}
        </header>
        {thanks || page.state === "used" ? (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {t("quality:hpWpClient.review.decided")}
          </p>
        ) : null}
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {(
            [
              ["location", lot.location],
              ["lotType", lot.lotType],
              ["area", lot.area],
              ["workPack", lot.workPack],
              ["workCommencedOn", lot.workCommencedOn ? formatDate(lot.workCommencedOn, locale) : null],
              ["completedOn", lot.completedOn ? formatDate(lot.completedOn, locale) : null],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt className="text-xs font-medium text-slate-500">{t(`quality:hpWpClient.page.${key}`)}</dt>
              <dd className="text-slate-800">{value ?? "-"}</dd>
            </div>
          ))}
        </dl>
        <section className="space-y-2">
          <h2 className="text-lg font-semibold text-slate-900">{t("quality:hpWpClient.review.points")}</h2>
          {page.points.length === 0 ? (
            <p className="text-sm text-slate-600">-</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {page.points.map((point) => (
                <li key={point.itemId} className="flex flex-wrap items-center gap-2">
                  <span>
                    {point.itpNumber} #{point.position} {point.activity} ({point.kind})
                  </span>
                  <PointStateBadge state={point.state} />
                </li>
              ))}
            </ul>
          )}
        </section>
        {page.itrs.length > 0 && page.state === "valid" ? (
          <section className="space-y-2">
            <h2 className="text-lg font-semibold text-slate-900">{t("quality:hpWpClient.page.itrs")}</h2>
            <ul className="list-inside list-disc text-sm">
              {page.itrs.map((itr) => (
                <li key={itr.id}>
                  <a className="text-brand-700 underline" href={`/external/lot/${lot.id}/itr/${itr.id}${q}`}>
                    {itr.title} ({itr.fileName})
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {page.state === "valid" ? (
          <Form
            method="post"
            action={`/external/lot/${lot.id}${q}`}
            className="space-y-3 border-t border-slate-100 pt-4"
          >
            <FormAlert errors={errorsOf(lastResult)} />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">
                {t("quality:hpWpClient.form.decision")}
              </legend>
              <div className="mt-1 flex flex-wrap gap-4">
                {(["approve", "reject"] as const).map((decision) => (
                  <label key={decision} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="decision"
                      value={decision}
                      required
                      defaultChecked={decision === "approve"}
                    />
                    {t(`quality:hpWpClient.review.${decision}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            <TextAreaField
              label={t("quality:hpWpClient.review.comment")}
              errors={errorsOf(lastResult, "comment")}
              textareaProps={{ name: "comment", maxLength: ITP_LIMITS.comment, rows: 3 }}
            />
            <TextField
              label={t("quality:hpWpClient.review.name")}
              errors={errorsOf(lastResult, "reviewerName")}
              inputProps={{
                name: "reviewerName",
                defaultValue: page.recipientName,
                maxLength: ITP_LIMITS.reviewerName,
                required: true,
              }}
            />
            <Button type="submit">{t("quality:hpWpClient.form.submit")}</Button>
          </Form>
        ) : null}
      </div>
    </ReviewPageFrame>
  );
}
