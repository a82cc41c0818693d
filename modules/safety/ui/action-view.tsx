import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FormAlert, TextAreaField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import { ReassignForm } from "~/app/ui/reassign-form";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { formatDateTime } from "~/app/utils/format";
import { ACTION_INTENTS, ACTION_LIMITS, actionPath } from "../server/action-basics";
import type { ActionEvidence } from "../server/action-evidence.server";
import type { ActionDetail } from "../server/actions.server";

import { useActionText } from "./action-status";
import { SafetyRecordActivity } from "./record-activity";
import { SafetyRecordSteps } from "./record-steps";

export { ActionStatusBadge, RiskBadge, useActionText } from "./action-status";

/** The buttons of the table's rows this user may run now, and the last refusal, if any. */
export function ActionSteps({ action }: { action: ActionDetail }) {
  return (
    <SafetyRecordSteps
      area="action"
      number={action.number}
      to={actionPath(action.id)}
      rows={action.steps}
      reasonMaxLength={ACTION_LIMITS.comment}
      isDanger={(row) => row.action === "delete"}
    />
  );
}

/** Hands the action to another member. */
export function ActionReassignForm({
  action,
  members,
}: {
  action: ActionDetail;
  members: { value: string; label: string }[];
}) {
  const { t, translate } = useActionText();
  const errors = usePostErrors(ACTION_INTENTS.reassign);
  return (
    <ReassignForm
      to={actionPath(action.id)}
      intent={ACTION_INTENTS.reassign}
      members={members}
      current={action.assignee?.id ?? null}
      label={t("safety:action.reassign.label")}
      submit={t("safety:action.reassign.submit")}
      errors={translate(errors)}
    />
  );
}

const _text = (value: unknown) => (typeof value === "string" ? value : null);

/** The action's history, newest first: each spec 4 event with who and when. */
export function ActionActivity({ activity }: { activity: ActionDetail["activity"] }) {
  return <SafetyRecordActivity area="action" activity={activity} />;
}

/** The action's comment thread, oldest first, and the form to add one. */
export function ActionComments({ action }: { action: ActionDetail }) {
  const { t, locale, translate } = useActionText();
  const commentErrors = usePostErrors(ACTION_INTENTS.comment);
  return (
    <section
      id="comments"
      aria-labelledby="action-comments"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="action-comments" className="text-base font-semibold text-slate-900">
        {t("safety:action.comments.title")}
      </h2>
      {action.comments.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:action.comments.none")}</p>
      ) : (
        <ol className="space-y-3">
          {action.comments.map((comment) => (
            <li key={comment.id} className="rounded border border-slate-100 bg-slate-50 p-3">
              <p className="text-xs text-slate-500">
                {comment.author ?? t("safety:action.activity.unknownActor")} ·{" "}
                {formatDateTime(comment.createdAt, locale)}
              </p>
              <p className="whitespace-pre-line break-words text-sm text-slate-900">{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" action={actionPath(action.id)} className="space-y-2">
        <FormAlert errors={translate(commentErrors)} />
        <input type="hidden" name="intent" value={ACTION_INTENTS.comment} />
        <TextAreaField
          label={t("safety:action.comments.label")}
          textareaProps={{ name: "body", required: true, maxLength: ACTION_LIMITS.comment, rows: 3 }}
        />
        <Button type="submit" size="sm" variant="secondary">
          {t("safety:action.comments.submit")}
        </Button>
      </Form>
    </section>
  );
}

/** The evidence: photos shown, videos and documents listed; the upload and delete forms for those who may. */
export function ActionEvidenceSection({
  actionId,
  evidence,
  canAdd,
}: {
  actionId: string;
  evidence: ActionEvidence[];
  canAdd: boolean;
}) {
  const { t } = useActionText();
  const href = (fileId: string) => `${actionPath(actionId)}/evidence/${fileId}`;
  return (
    <section
      aria-labelledby="action-evidence"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="action-evidence" className="text-base font-semibold text-slate-900">
        {t("safety:action.evidence.title")}
      </h2>
      {evidence.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:action.evidence.none")}</p>
      ) : null}
      <ul className="space-y-2 text-sm">
        {evidence.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-2">
            {file.kind === "image" ? (
              <a href={`/attachments/${file.id}`} className="block">
                <img
                  src={href(file.id)}
                  alt={file.fileName}
                  loading="lazy"
                  className="h-16 w-16 rounded object-cover"
                />
              </a>
            ) : null}
            <a href={`/attachments/${file.id}`} className="min-w-0 break-all text-brand-700 hover:underline">
              {file.fileName}
            </a>
            <span className="whitespace-nowrap text-xs text-slate-500">{formatFileSize(file.size)}</span>
            {file.mayDelete ? (
              <Form method="post" action={actionPath(actionId)}>
                <input type="hidden" name="intent" value={ACTION_INTENTS.evidenceDelete} />
                <input type="hidden" name="fileId" value={file.id} />
                <Button
                  type="submit"
                  size="sm"
                  variant="secondary"
                  aria-label={t("safety:action.evidence.deleteFile", { fileName: file.fileName })}
                >
                  {t("safety:action.evidence.delete")}
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {canAdd ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`${actionPath(actionId)}/evidence`}
          className="space-y-2"
        >
          <FileDrop label={t("safety:action.evidence.choose")} name="files" multiple required />
          <Button type="submit" size="sm" variant="secondary">
            {t("safety:action.evidence.upload")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
