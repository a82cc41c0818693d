import { formatFileSize } from "~/app/ui/file-size";
import { formatDateTime } from "~/app/utils/format";
import type { SwmsDetail } from "../server/swms.server";
import { SWMS_LIMITS, swmsPath } from "../server/swms-basics";
import type { SwmsSignOnSection } from "../server/swms-sign-on.server";
import { SafetyRecordActivity } from "./record-activity";
import { SafetyRecordSteps } from "./record-steps";
import { SignOnLinkPanel } from "./sign-on-link";
import { RiskBadge, useSwmsText } from "./swms-status";

/** The buttons of the rows this user may run now (delete and archive ask first), and the last refusal. */
export function SwmsWorkflow({ swms }: { swms: SwmsDetail }) {
  return (
    <SafetyRecordSteps
      area="swms"
      number={swms.number}
      to={swmsPath(swms.id)}
      rows={swms.workflow}
      reasonMaxLength={SWMS_LIMITS.comment}
      isDanger={(row) => row.action === "delete" || row.action === "archive" || row.action === "reject"}
    />
  );
}

/** The written steps: hazards, controls, the risk before and after the controls. */
export function SwmsStepsTable({ swms }: { swms: SwmsDetail }) {
  const { t } = useSwmsText();
  const field = (name: string) => t(`safety:swms.fields.${name}`);
  if (swms.steps.length === 0)
    return <p className="text-sm text-slate-500">{t("safety:swms.detail.noSteps")}</p>;
  return (
    <ol className="space-y-3">
      {swms.steps.map((step, index) => (
        <li key={step.id} className="rounded border border-slate-200 p-3 text-sm">
          <p className="font-medium text-slate-900">
            {index + 1}. {step.activity}
          </p>
          <dl className="mt-2 grid gap-2 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{field("hazards")}</dt>
              <dd className="whitespace-pre-line break-words">{step.hazards}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{field("controls")}</dt>
              <dd className="whitespace-pre-line break-words">{step.controls}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">{field("riskBefore")}</dt>
              <dd>
                <RiskBadge risk={step.before} />{" "}
                <span className="text-xs text-slate-500">
                  {t(`safety:swms.likelihood.${step.likelihoodBefore}`)} ×{" "}
                  {t(`safety:swms.consequence.${step.consequenceBefore}`)}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-slate-500">{field("riskAfter")}</dt>
              <dd>
                <RiskBadge risk={step.after} />{" "}
                <span className="text-xs text-slate-500">
                  {t(`safety:swms.likelihood.${step.likelihoodAfter}`)} ×{" "}
                  {t(`safety:swms.consequence.${step.consequenceAfter}`)}
                </span>
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

/** The uploaded file, newest first (the earlier ones are its revisions). */
export function SwmsFiles({ swms }: { swms: SwmsDetail }) {
  const { t } = useSwmsText();
  if (swms.files.length === 0)
    return <p className="text-sm text-slate-500">{t("safety:swms.detail.noFile")}</p>;
  return (
    <ul className="space-y-1 text-sm">
      {swms.files.map((file, index) => (
        <li key={file.id}>
          <a href={`/attachments/${file.id}`} className="break-all text-brand-700 hover:underline">
            {file.fileName}
          </a>{" "}
          <span className="text-xs text-slate-500">
            {formatFileSize(file.size)}
            {index === 0 ? "" : ` · ${t("safety:swms.detail.earlierRevision")}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

const _text = (value: unknown) => (typeof value === "string" ? value : null);

/** The SWMS's history, newest first, with who and when. */
export function SwmsActivity({ activity }: { activity: SwmsDetail["activity"] }) {
  return <SafetyRecordActivity area="swms" activity={activity} />;
}

/**
 * "Workers signed on": the QR code (Show code, End code) for who may manage it while the SWMS is accepted,
 * and the workers who signed, for everyone who sees the SWMS.
 */
export function SwmsSignOn({ swmsId, signOn }: { swmsId: string; signOn: SwmsSignOnSection }) {
  const { t, locale } = useSwmsText();
  return (
    <SignOnLinkPanel
      id="swms-sign-on"
      texts="safety:swms.signOn"
      link={signOn.link}
      action={swmsPath(swmsId)}
      canManage={signOn.canManage}
    >
      {signOn.workers.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:swms.signOn.noWorkers")}</p>
      ) : (
        <ul aria-label={t("safety:swms.signOn.workers")} className="divide-y divide-slate-100 text-sm">
          {signOn.workers.map((worker) => (
            <li key={worker.id} className="flex flex-wrap justify-between gap-x-4 py-2">
              <span className="font-medium text-slate-900">
                {worker.name}
                {worker.company ? (
                  <span className="font-normal text-slate-600"> · {worker.company}</span>
                ) : null}
              </span>
              <span className="text-slate-500">{formatDateTime(worker.signedAt, locale)}</span>
            </li>
          ))}
        </ul>
      )}
    </SignOnLinkPanel>
  );
}
