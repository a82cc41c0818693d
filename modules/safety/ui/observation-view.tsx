import { ActivityList } from "~/app/ui/activity-list";
import { ReassignForm } from "~/app/ui/reassign-form";
import { RecordPhotos } from "~/app/ui/record-photos";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDateTime } from "~/app/utils/format";
import {
  OBSERVATION_INTENTS,
  OBSERVATION_LIMITS,
  observationPath,
  observationPhotoPath,
} from "../server/observation-basics";
import type { ObservationDetail } from "../server/observations.server";
import { useObservationText } from "./observation-status";

type StepRow = ObservationDetail["steps"][number];

/** The buttons of the rows this user may run now, and the last refusal, if any. */
export function ObservationSteps({ observation }: { observation: ObservationDetail }) {
  const { t, translate } = useObservationText();
  const refusals = usePostErrors(OBSERVATION_INTENTS.transition);
  const label = (row: StepRow) => t(`safety:observation.steps.${row.action}`);
  const texts: WorkflowStepTexts<StepRow> = {
    legend: t("safety:observation.workflow.label"),
    label,
    reason: { label: t("safety:observation.workflow.reason"), maxLength: OBSERVATION_LIMITS.comment },
    confirmBox: () => t("safety:observation.workflow.confirmed"),
    dialog: (row) => ({
      title: t("safety:observation.workflow.dialog.title", { step: label(row), number: observation.number }),
      description: t(`safety:observation.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={observationPath(observation.id)}
      intent={OBSERVATION_INTENTS.transition}
      rows={observation.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete"}
    />
  );
}

/** Hands the observation to another member. */
export function ObservationReassignForm({
  observation,
  members,
}: {
  observation: ObservationDetail;
  members: { value: string; label: string }[];
}) {
  const { t, translate } = useObservationText();
  const errors = usePostErrors(OBSERVATION_INTENTS.reassign);
  return (
    <ReassignForm
      to={observationPath(observation.id)}
      intent={OBSERVATION_INTENTS.reassign}
      members={members}
      current={observation.assignee?.id ?? null}
      label={t("safety:observation.reassign.label")}
      submit={t("safety:observation.reassign.submit")}
      errors={translate(errors)}
    />
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The observation's history, newest first, with who and when. */
export function ObservationActivity({ activity }: { activity: ObservationDetail["activity"] }) {
  const { t, locale } = useObservationText();
  const status = (value: unknown) => t(`safety:observation.status.${text(value)}`);
  return (
    <ActivityList
      empty={t("safety:observation.activity.empty")}
      entries={activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "status-changed") {
          details.push(
            t("safety:observation.activity.statusTo", {
              from: status(before.status),
              to: status(after.status),
            }),
          );
          if (text(after.comment))
            details.push(t("safety:observation.activity.reason", { comment: after.comment }));
        }
        if (entry.action === "reassigned")
          details.push(
            t("safety:observation.activity.assignedTo", {
              from: text(before.assignee) ?? t("safety:observation.detail.notSet"),
              to: text(after.assignee) ?? t("safety:observation.detail.notSet"),
            }),
          );
        if (entry.action === "attachment-added" && text(after.fileName)) details.push(text(after.fileName)!);
        if (entry.action === "attachment-deleted" && text(before.fileName))
          details.push(text(before.fileName)!);
        if (entry.action === "action-raised" && text(after.number))
          details.push(`${text(after.number)} ${text(after.title) ?? ""}`.trim());
        if (entry.action === "updated")
          details.push(
            t("safety:observation.activity.fields", {
              fields: Object.keys(after)
                .map((field) => t(`safety:observation.fields.${field}`))
                .join(", "),
            }),
          );
        return {
          id: entry.id,
          summary: t("safety:observation.activity.entry", {
            action: t(`safety:observation.activity.events.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? t("safety:observation.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}

/** Photos shown, videos listed; the upload form for those who may add. */
export function ObservationPhotos({
  observation,
  canAdd,
}: {
  observation: ObservationDetail;
  canAdd: boolean;
}) {
  const { t } = useObservationText();
  return (
    <RecordPhotos
      id="observation-photos"
      files={observation.photos}
      fileHref={(fileId) => observationPhotoPath(observation.id, fileId)}
      pagePath={observationPath(observation.id)}
      deleteIntent={OBSERVATION_INTENTS.photoDelete}
      canAdd={canAdd}
      texts={{
        title: t("safety:observation.photos.title"),
        none: t("safety:observation.photos.none"),
        delete: t("safety:observation.photos.delete"),
        deleteFile: (fileName) => t("safety:observation.photos.deleteFile", { fileName }),
        choose: t("safety:observation.photos.choose"),
        upload: t("safety:observation.photos.upload"),
      }}
    />
  );
}
