import { ActivityList } from "~/app/ui/activity-list";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDateTime } from "~/app/utils/format";
import { DEFECT_INTENTS, DEFECT_LIMITS, defectPath } from "../server/defect-basics";
import type { DefectFile } from "../server/defect-files.server";
import type { DefectDetail } from "../server/defects.server";
import { useDefectText } from "./defect-status";
import { RecordFiles } from "./record-files";

export { DefectPriorityBadge, DefectStatusBadge, useDefectText } from "./defect-status";

type ActionRow = DefectDetail["actions"][number];

const isDanger = (row: ActionRow) => row.action === "delete" || row.action === "withdraw";

/** The buttons of the table's rows this user may run now, and the last refusal, if any. */
export function DefectWorkflowActions({ defect }: { defect: DefectDetail }) {
  const { t, translate } = useDefectText();
  const refusals = usePostErrors(DEFECT_INTENTS.transition);
  const label = (row: ActionRow) => t(`quality:defect.actions.${row.action}`);
  const texts: WorkflowStepTexts<ActionRow> = {
    legend: t("quality:defect.workflow.label"),
    label,
    reason: {
      label: t("quality:defect.workflow.comment"),
      hint: t("quality:defect.workflow.commentHint"),
      maxLength: DEFECT_LIMITS.comment,
    },
    confirmBox: () => t("quality:defect.workflow.confirmed"),
    dialog: (row) => ({
      title: t("quality:defect.workflow.dialogTitle", { step: label(row), number: defect.number }),
      description:
        row.action === "delete"
          ? t("quality:defect.workflow.deleteDescription")
          : t("quality:defect.workflow.commentHint"),
    }),
  };
  return (
    <WorkflowSteps
      to={defectPath(defect.id)}
      intent={DEFECT_INTENTS.transition}
      rows={defect.actions}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={isDanger}
    />
  );
}

/** The defect's history, newest first: who did what, the step and its reason. */
export function DefectActivity({ activity }: { activity: DefectDetail["activity"] }) {
  const { t, locale } = useDefectText();
  return (
    <ActivityList
      empty={t("quality:defect.activity.empty")}
      entries={activity.map((entry) => {
        const after = entry.after ?? {};
        const details: string[] = [];
        if (entry.action === "updated") {
          const fields = Object.keys(after).map((field) => t(`quality:defect.fields.${field}`));
          details.push(t("quality:defectEdit.changed", { fields: fields.join(", ") }));
        }
        if (entry.action === "status-changed" && typeof after.action === "string") {
          details.push(t(`quality:defect.actions.${after.action}`));
          if (typeof after.comment === "string" && after.comment)
            details.push(t("quality:defect.activity.reason", { comment: after.comment }));
        }
        return {
          id: entry.id,
          summary: t("quality:defect.activity.entry", {
            action:
              entry.action === "updated"
                ? t("quality:defectEdit.activityUpdated")
                : t(`quality:defect.activity.actions.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? t("quality:defect.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}

/** The defect's photos (shown) and documents (listed), and the upload form for those who may add. */
export function DefectFiles({
  defectId,
  files,
  canAdd,
}: {
  defectId: string;
  files: DefectFile[];
  canAdd: boolean;
}) {
  const { t } = useDefectText();
  return (
    <RecordFiles
      basePath={defectPath(defectId)}
      files={files}
      canAdd={canAdd}
      text={{
        title: t("quality:defect.files.title"),
        none: t("quality:defect.files.none"),
        choose: t("quality:defect.files.choose"),
        upload: t("quality:defect.files.upload"),
      }}
    />
  );
}
