import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import type { SdsDetail } from "../server/sds.server";
import { SDS_INTENTS, SDS_LIMITS, sdsFilesPath, sdsPath } from "../server/sds-basics";
import { useSdsText } from "./sds-status";

type StepRow = SdsDetail["steps"][number];

/** The buttons of the rows this user may run now, and the last refusal. */
export function SdsSteps({ sds }: { sds: SdsDetail }) {
  const { t, translate } = useSdsText();
  const refusals = usePostErrors(SDS_INTENTS.transition);
  const label = (row: StepRow) => t(`safety:sds.steps.${row.action}`);
  const texts: WorkflowStepTexts<StepRow> = {
    legend: t("safety:sds.workflow.label"),
    label,
    reason: { label: t("safety:sds.workflow.reason"), maxLength: SDS_LIMITS.comment },
    confirmBox: () => t("safety:sds.workflow.confirmed"),
    dialog: (row) => ({
      title: t("safety:sds.workflow.dialog.title", { step: label(row), number: sds.number }),
      description: t(`safety:sds.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={sdsPath(sds.id)}
      intent={SDS_INTENTS.transition}
      rows={sds.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete"}
    />
  );
}

/** The sheet's files, newest last, and an upload form while it is filed (a corrected or newer sheet). */
export function SdsFiles({ sds }: { sds: SdsDetail }) {
  const { t } = useSdsText();
  return (
    <section
      aria-labelledby="sds-files"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="sds-files" className="text-base font-semibold text-slate-900">
        {t("safety:sds.files.title")}
      </h2>
      {sds.files.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:sds.files.none")}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {sds.files.map((file) => (
            <li key={file.id} className="flex flex-wrap gap-2">
              <a href={`/attachments/${file.id}`} className="break-all text-brand-700 hover:underline">
                {file.fileName}
              </a>
              <span className="text-slate-500">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
      {sds.canAddFiles ? (
        <Form method="post" encType="multipart/form-data" action={sdsFilesPath(sds.id)} className="space-y-2">
          <FileDrop
            label={t("safety:sds.files.choose")}
            name="files"
            accept=".pdf,.doc,.docx,image/*"
            hint={t("safety:sds.form.fileHint")}
            required
          />
          <Button type="submit" size="sm" variant="secondary">
            {t("safety:sds.files.upload")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
