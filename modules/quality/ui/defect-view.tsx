import type { SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { Button, buttonClass } from "~/app/ui/button";
import { CheckboxField, FormAlert, TextAreaField } from "~/app/ui/field";
import { formatDateTime } from "~/app/utils/format";
import { DEFECT_INTENTS, DEFECT_LIMITS, defectPath } from "../server/defect-basics";
import type { DefectFile } from "../server/defect-files.server";
import type { DefectDetail } from "../server/defects.server";
import { useDefectText } from "./defect-status";
import { RecordFiles } from "./record-files";

export { DefectPriorityBadge, DefectStatusBadge, useDefectText } from "./defect-status";

type ActionRow = DefectDetail["actions"][number];

const isDanger = (row: ActionRow) => row.action === "delete" || row.action === "withdraw";

function HiddenFields({ row }: { row: ActionRow }) {
  return (
    <>
      <input type="hidden" name="intent" value={DEFECT_INTENTS.transition} />
      <input type="hidden" name="action" value={row.action} />
    </>
  );
}

/**
 * One step of the table. A plain step is one button; a step that needs a reason or a confirmation opens in
 * place (a disclosure) with its reason field and an "I am sure" box the server insists on: the same form
 * with and without JavaScript, at any width.
 */
function DefectAction({ defectId, row }: { defectId: string; row: ActionRow }) {
  const { t } = useDefectText();
  const label = t(`quality:defect.actions.${row.action}`);
  if (!row.confirm && !row.requiresComment)
    return (
      <Form method="post" action={defectPath(defectId)}>
        <HiddenFields row={row} />
        <Button type="submit" size="sm" variant="secondary">
          {label}
        </Button>
      </Form>
    );
  return (
    <details className="group">
      <summary className={buttonClass(isDanger(row) ? "danger" : "secondary", "sm")}>{label}</summary>
      <Form
        method="post"
        action={defectPath(defectId)}
        className="mt-2 w-80 max-w-full space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      >
        <HiddenFields row={row} />
        {row.requiresComment ? (
          <TextAreaField
            label={`${t("quality:defect.workflow.comment")} *`}
            hint={t("quality:defect.workflow.commentHint")}
            textareaProps={{ name: "comment", required: true, maxLength: DEFECT_LIMITS.comment, rows: 3 }}
          />
        ) : null}
        {row.confirm ? (
          <CheckboxField
            label={t("quality:defect.workflow.confirmed")}
            inputProps={{ name: "confirmed", required: true }}
          />
        ) : null}
        <Button type="submit" size="sm" variant={isDanger(row) ? "danger" : "primary"}>
          {label}
        </Button>
      </Form>
    </details>
  );
}

/** The buttons of the table's rows this user may run now, and the last refusal, if any. */
export function DefectWorkflowActions({ defect }: { defect: DefectDetail }) {
  const { t, translate } = useDefectText();
  const lastResult = useActionData<SubmissionResult<string[]> | undefined>();
  const refused = lastResult
    ? [
        ...(lastResult.error?.[""] ?? []),
        ...(lastResult.error?.comment ?? []),
        ...(lastResult.error?.confirmed ?? []),
      ]
    : [];
  if (defect.actions.length === 0 && refused.length === 0) return null;
  return (
    <div className="space-y-2">
      <FormAlert errors={translate([...new Set(refused)])} />
      <fieldset className="flex flex-wrap items-start gap-2">
        <legend className="sr-only">{t("quality:defect.workflow.label")}</legend>
        {defect.actions.map((row) => (
          <DefectAction key={row.action} defectId={defect.id} row={row} />
        ))}
      </fieldset>
    </div>
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
