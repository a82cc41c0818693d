import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField } from "~/app/ui/field";
import { SignaturePad } from "~/app/ui/signature-pad";
import { formatDate, formatDateTime } from "~/app/utils/format";
import type { HoldPointLinkPage, LinkPoint } from "../server/hold-point-link-page.server";
import { ITP_LIMITS } from "../server/itp-rules";
import { POINT_DECISIONS } from "../server/lot-client-link-rules";
import { ReviewPageFrame } from "./itp-link-review";
import { InspectionPoint } from "./itp-view";
import { PointStateBadge } from "./lot-hold-witness-points";
import { useReportMessages } from "./lot-itp-messages";

/** What the link's pages answer: the page, or why the link does not open it. */
export type HoldPointLinkData =
  | HoldPointLinkPage
  | { state: "invalid" | "expired" | "revoked" | "superseded" | "used" };
export type PointRefusal = { itemId: string | null; result: SubmissionResult<string[]> } | { state: string };

const q = (token: string) => `?token=${encodeURIComponent(token)}`;

/**
 * The client's page of a hold and witness point link (no account, outside the application shell): the lot,
 * each point's ITP item, and for each point still waiting a plain multipart form — release, release with
 * comment or reject, a remark, the name (typed; a drawn signature with JavaScript) and evidence files.
 */
export function HoldPointLinkView({
  page,
  refused,
}: {
  page: HoldPointLinkData;
  refused: PointRefusal | null;
}) {
  return (
    <ReviewPageFrame>
      {"points" in page ? <OpenLink page={page} refused={refused} /> : <ClosedLotLink state={page.state} />}
    </ReviewPageFrame>
  );
}

/** A link that does not open its page says why (a token that names nothing is simply not valid). */
export function ClosedLotLink({ state }: { state: string }) {
  const { t } = useReportMessages();
  const key = ["invalid", "expired", "revoked", "superseded", "used"].includes(state) ? state : "invalid";
  return (
    <div role="status" className="mx-auto max-w-lg space-y-2 py-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{t(`quality:hpWpClient.link.${key}Title`)}</h1>
      <p className="text-sm text-slate-700">{t(`quality:hpWpClient.link.${key}Message`)}</p>
    </div>
  );
}

function OpenLink({ page, refused }: { page: HoldPointLinkPage; refused: PointRefusal | null }) {
  const { t, locale } = useReportMessages();
  const refusal = refused && "result" in refused ? refused : null;
  const closedNow = refused && "state" in refused ? refused.state : null;
  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold text-slate-900">
          {t("quality:hpWpClient.page.title", { lot: page.lot.number })}
        </h1>
        <p className="text-sm text-slate-700">
          {t("quality:hpWpClient.page.intro", { project: page.projectName, name: page.recipientName })}
        </p>
        <p className="text-xs text-slate-500">
          {page.state === "valid"
            ? t("quality:hpWpClient.page.expires", { date: formatDate(page.expiresAt, locale) })
            : t("quality:hpWpClient.page.used")}
        </p>
        {page.single ? (
          <a
            className="text-sm text-brand-700 underline"
            href={`/external/hp-wp/${page.linkId}${q(page.token)}`}
          >
            {t("quality:hpWpClient.page.allPoints")}
          </a>
        ) : null}
      </header>
      {closedNow ? <ClosedLotLink state={closedNow} /> : null}
      <section aria-labelledby="lot-details" className="space-y-2">
        <h2 id="lot-details" className="text-lg font-semibold text-slate-900">
          {t("quality:hpWpClient.page.lot")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Detail
            label={t("quality:hpWpClient.page.lotNumber")}
            value={`${page.lot.number} ${page.lot.title}`}
          />
          <Detail label={t("quality:hpWpClient.page.location")} value={page.lot.location} />
          <Detail label={t("quality:hpWpClient.page.lotType")} value={page.lot.lotType} />
          <Detail label={t("quality:hpWpClient.page.area")} value={page.lot.area} />
          <Detail label={t("quality:hpWpClient.page.workPack")} value={page.lot.workPack} />
          <Detail
            label={t("quality:hpWpClient.page.dueOn")}
            value={page.dueOn ? formatDate(page.dueOn, locale) : null}
          />
        </dl>
        {page.itrs.length > 0 && page.state === "valid" ? (
          <div>
            <h3 className="text-sm font-medium text-slate-700">{t("quality:hpWpClient.page.itrs")}</h3>
            <ul className="list-inside list-disc text-sm">
              {page.itrs.map((itr) => (
                <li key={itr.id}>
                  <a
                    className="text-brand-700 underline"
                    href={`/external/lot/${page.lot.id}/itr/${itr.id}${q(page.token)}`}
                  >
                    {itr.title} ({itr.fileName})
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
      <ul className="space-y-4">
        {page.points.map((point) => (
          <PointSection
            key={point.itemId}
            page={page}
            point={point}
            refusal={refusal?.itemId === point.itemId || (page.single && refusal) ? refusal : null}
          />
        ))}
      </ul>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="whitespace-pre-line text-slate-800">{value ?? "-"}</dd>
    </div>
  );
}

function PointSection({
  page,
  point,
  refusal,
}: {
  page: HoldPointLinkPage;
  point: LinkPoint;
  refusal: { result: SubmissionResult<string[]> } | null;
}) {
  const { t, locale, errorsOf } = useReportMessages();
  const path = `/external/lot/${page.lot.id}/hp-wp/${point.itemId}${q(page.token)}`;
  return (
    <li id={`point-${point.itemId}`} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold text-slate-900">
          {point.itpNumber} #{point.position} {point.activity}
        </h2>
        <InspectionPoint kind={point.kind} />
        <PointStateBadge state={point.state} />
      </div>
      {page.decided === point.itemId ? (
        <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {t("quality:hpWpClient.page.thanks")}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Detail label={t("quality:hpWpClient.item.itp")} value={`${point.itpNumber} ${point.itpTitle}`} />
        <Detail
          label={t("quality:hpWpClient.item.inspectionPoint")}
          value={t(`quality:hpWpClient.kind.${point.kind}`)}
        />
        <Detail label={t("quality:hpWpClient.item.acceptanceCriteria")} value={point.acceptanceCriteria} />
        <Detail label={t("quality:hpWpClient.item.verifyingDocument")} value={point.verifyingDocument} />
        <Detail
          label={t("quality:hpWpClient.item.specification")}
          value={[point.specification, point.references].filter(Boolean).join(" · ") || null}
        />
      </dl>
      {point.decidedByName || point.comment ? (
        <p className="text-sm text-slate-700">
          {point.decidedByName
            ? t("quality:hpWpClient.item.decidedBy", {
                name: point.decidedByName,
                date: formatDateTime(point.decidedAt, locale),
              })
            : null}{" "}
          {point.comment}
        </p>
      ) : null}
      {point.evidence.length > 0 ? (
        <p className="text-sm">
          <a
            className="text-brand-700 underline"
            href={`/external/lot/${page.lot.id}/hp-wp-attachment/${point.itemId}${q(page.token)}`}
          >
            {t("quality:hpWpClient.item.evidence", { count: point.evidence.length })}
          </a>
        </p>
      ) : null}
      {!page.single ? (
        <a className="text-sm text-brand-700 underline" href={path}>
          {t("quality:hpWpClient.page.openPoint")}
        </a>
      ) : null}
      {point.decidable && page.state === "valid" ? (
        <Form
          method="post"
          // Back to the page the client decides on: the link's list stays the list after each decision.
          action={page.single ? path : `/external/hp-wp/${page.linkId}${q(page.token)}`}
          encType="multipart/form-data"
          className="space-y-3 border-t border-slate-100 pt-3"
        >
          <input type="hidden" name="itemId" value={point.itemId} />
          <FormAlert errors={errorsOf(refusal?.result)} />
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              {t("quality:hpWpClient.form.decision")}
            </legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {POINT_DECISIONS.map((decision) => (
                <label key={decision} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="decision"
                    value={decision}
                    required
                    defaultChecked={decision === "release"}
                  />
                  {t(`quality:hpWpClient.decision.${decision}`)}
                </label>
              ))}
            </div>
            <p className="text-xs text-red-700">{errorsOf(refusal?.result, "decision")}</p>
          </fieldset>
          <TextAreaField
            label={t("quality:hpWpClient.form.remark")}
            hint={t("quality:hpWpClient.form.remarkHint")}
            errors={errorsOf(refusal?.result, "remark")}
            textareaProps={{ name: "remark", maxLength: ITP_LIMITS.comment, rows: 3 }}
          />
          <SignaturePad
            label={t("quality:hpWpClient.form.signature")}
            name="signature"
            typedName="decidedByName"
            defaultTypedName={page.recipientName}
            errors={[
              ...(errorsOf(refusal?.result, "decidedByName") ?? []),
              ...(errorsOf(refusal?.result, "signature") ?? []),
            ]}
          />
          <div>
            <label htmlFor={`files-${point.itemId}`} className="block text-sm font-medium text-slate-800">
              {t("quality:hpWpClient.form.evidence")}
            </label>
            <input
              id={`files-${point.itemId}`}
              type="file"
              name="files"
              multiple
              className="mt-1 block text-sm"
            />
            <p className="text-xs text-slate-500">{t("quality:hpWpClient.form.evidenceHint")}</p>
          </div>
          <Button type="submit">{t("quality:hpWpClient.form.submit")}</Button>
        </Form>
      ) : null}
    </li>
  );
}
