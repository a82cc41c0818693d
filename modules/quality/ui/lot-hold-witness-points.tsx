import { Form, Link } from "@remix-run/react";
import { Button, buttonClass } from "~/app/ui/button";
import { EmptyState } from "~/app/ui/empty-state";
import { CheckboxField, FormAlert, TextAreaField } from "~/app/ui/field";
import { formatDateTime } from "~/app/utils/format";
import { NOTIFY_PATH, notifyHref } from "../server/lot-client-link-rules";
import type { LotHpWpTabData } from "../server/lot-hp-wp.server";
import { LOT_LIMITS } from "../server/lot-rules";
import { InspectionPoint } from "./itp-view";
import { LotClientLinks } from "./lot-client-links";
import { type RefusedForm, useReportMessages } from "./lot-itp-messages";
import { CheckStateBadge, PointStateBadge } from "./lot-status-badges";

export { PointStateBadge } from "./lot-status-badges";

type Point = LotHpWpTabData["itps"][number]["points"][number];
type PointStep = Point["actions"][number];

/**
 * The lot's hold and witness points, one list per ITP; each point a card (it reads the same on a phone)
 * with its state, who called the client and who decided, and the steps this user may take. Every step is a
 * plain form: those that need a reason or a confirmation open in place (a disclosure), with or without
 * JavaScript.
 */
export function LotHoldWitnessPoints({
  data,
  refused,
}: {
  data: LotHpWpTabData & { clientLinks?: LotClientLinksData };
  refused: RefusedForm | null;
}) {
  const { t } = useReportMessages();
  if (data.itps.length === 0) return <EmptyState title={t("quality:lot.hpWp.empty")} />;
  return (
    <div className="space-y-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("quality:lot.hpWp.title")}</h2>
      <p className="text-sm text-slate-600">{t("quality:hpWp.intro")}</p>
      {data.locked ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t("quality:lot.toast.notEditable")}
        </p>
      ) : null}
      {/* The points ticked below (their checkboxes name this form) go to the notify form together; no JavaScript needed. */}
      {notifiable(data) ? (
        <form
          id="notify-client"
          method="get"
          action={NOTIFY_PATH}
          className="flex flex-wrap items-center gap-2"
        >
          <Button type="submit" size="sm" variant="secondary">
            {t("quality:hpWpClient.tab.notifySelected")}
          </Button>
          <span className="text-xs text-slate-500">{t("quality:hpWpClient.tab.notifyHint")}</span>
        </form>
      ) : null}
      {data.itps.map((itp) => (
        <section
          key={itp.itpId}
          className="space-y-2"
          aria-label={t("quality:lot.hpWp.caption", { itp: itp.number })}
        >
          <h3 className="text-base font-semibold text-slate-900">
            {itp.number} {itp.title}
          </h3>
          <ul className="space-y-3">
            {itp.points.map((point) => (
              <PointCard
                key={point.id}
                lotId={data.frame.id}
                point={point}
                refused={refused?.target === point.id ? refused : null}
              />
            ))}
          </ul>
        </section>
      ))}
      {data.clientLinks ? (
        <section className="space-y-2">
          <h3 className="text-base font-semibold text-slate-900">{t("quality:hpWpClient.links.title")}</h3>
          <LotClientLinks lotId={data.frame.id} links={data.clientLinks} from="hp-wp" />
        </section>
      ) : null}
    </div>
  );
}

type LotClientLinksData = React.ComponentProps<typeof LotClientLinks>["links"];

const canNotify = (point: Point) => point.actions.some((step) => step.action === "notify");
const notifiable = (data: LotHpWpTabData) => data.itps.some((itp) => itp.points.some(canNotify));

function PointCard({ lotId, point, refused }: { lotId: string; point: Point; refused: RefusedForm | null }) {
  const { t, locale, errorsOf } = useReportMessages();
  const { point: state } = point;
  return (
    <li id={`point-${point.id}`} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        {canNotify(point) ? (
          <input
            type="checkbox"
            form="notify-client"
            name="point"
            value={`${lotId}:${point.id}`}
            aria-label={t("quality:hpWpClient.tab.select", {
              position: point.position,
              activity: point.activity,
            })}
            className="size-4 rounded border-slate-300"
          />
        ) : null}
        <span className="font-semibold text-slate-500">{point.position}</span>
        <Link to={`/quality/lot/${lotId}/hp-wp/${point.id}`} className="font-medium text-slate-900 underline">
          {point.activity}
        </Link>
        <InspectionPoint kind={point.kind} />
        <PointStateBadge state={state.state} />
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-slate-500">{t("quality:lot.hpWp.acceptanceCriteria")}</dt>
          <dd className="whitespace-pre-line text-slate-700">{point.acceptanceCriteria ?? "-"}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t("quality:lot.hpWp.verifyingDocument")}</dt>
          <dd className="text-slate-700">{point.verifyingDocument ?? "-"}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">{t("quality:hpWp.check")}</dt>
          <dd>
            <CheckStateBadge state={point.check} />
          </dd>
        </div>
      </dl>
      {state.lastAction === "record_unattended" ? (
        <p className="mt-2 text-xs font-medium text-slate-700">{t("quality:hpWp.unattended")}</p>
      ) : null}
      {state.comment ? <p className="mt-1 whitespace-pre-line text-slate-700">{state.comment}</p> : null}
      {state.notifiedBy ? (
        <p className="mt-1 text-xs text-slate-500">
          {t("quality:hpWp.notifiedBy", {
            name: state.notifiedBy,
            date: formatDateTime(state.notifiedAt, locale),
          })}
        </p>
      ) : null}
      {state.decidedBy ? (
        <p className="text-xs text-slate-500">
          {t("quality:hpWp.decidedBy", {
            name: state.decidedBy,
            date: formatDateTime(state.decidedAt, locale),
          })}
        </p>
      ) : null}
      <FormAlert errors={errorsOf(refused?.result)} />
      {point.actions.length ? (
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {point.actions.map((step) => (
            <PointStepForm key={step.action} point={point} step={step} refused={refused} />
          ))}
          {/* Calling the client by e-mail (client, day, text, a link to release): the form runs the notify step when sent. */}
          {canNotify(point) ? (
            <Link to={notifyHref([{ lotId, itemId: point.id }])} className={buttonClass("secondary", "sm")}>
              {t("quality:hpWpClient.tab.emailClient")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function Hidden({ point, step }: { point: Point; step: PointStep }) {
  return (
    <>
      <input type="hidden" name="intent" value="point" />
      <input type="hidden" name="itemId" value={point.id} />
      <input type="hidden" name="action" value={step.action} />
    </>
  );
}

function PointStepForm({
  point,
  step,
  refused,
}: {
  point: Point;
  step: PointStep;
  refused: RefusedForm | null;
}) {
  const { t, errorsOf } = useReportMessages();
  const label = t(`quality:hpWp.actions.${step.action}`);
  const danger = step.action === "reject";
  if (!step.requiresComment && !step.confirm)
    return (
      <Form method="post">
        <Hidden point={point} step={step} />
        <Button type="submit" size="sm" variant={step.action === "release" ? "primary" : "secondary"}>
          {label}
        </Button>
      </Form>
    );
  const mine =
    refused && (refused.result.initialValue as Record<string, unknown> | undefined)?.action === step.action;
  return (
    <details className="w-full sm:w-auto" open={Boolean(mine)}>
      <summary className={buttonClass(danger ? "danger" : "secondary", "sm")}>{label}</summary>
      <Form
        method="post"
        className="mt-2 w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3 sm:w-80"
      >
        <Hidden point={point} step={step} />
        <TextAreaField
          label={`${t(`quality:hpWp.commentLabel.${step.action}`)} *`}
          errors={mine ? errorsOf(refused?.result, "comment") : null}
          textareaProps={{ name: "comment", required: true, maxLength: LOT_LIMITS.note, rows: 3 }}
        />
        {step.confirm ? (
          <>
            <CheckboxField
              label={t("quality:hpWp.confirmNotRequired", {
                position: point.position,
                activity: point.activity,
              })}
              inputProps={{ name: "confirmed", required: true }}
            />
            <FormAlert errors={mine ? errorsOf(refused?.result, "confirmed") : null} />
          </>
        ) : null}
        <Button type="submit" size="sm" variant={danger ? "danger" : "primary"}>
          {label}
        </Button>
      </Form>
    </details>
  );
}
