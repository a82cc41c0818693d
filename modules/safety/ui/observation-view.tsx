import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import { ReassignForm } from "~/app/ui/reassign-form";
import { usePostErrors } from "~/app/ui/use-post-errors";
import {
  OBSERVATION_INTENTS,
  OBSERVATION_LIMITS,
  observationPath,
  observationPhotoPath,
} from "../server/observation-basics";
import type { ObservationDetail } from "../server/observations.server";
import { useObservationText } from "./observation-status";
import { SafetyRecordActivity } from "./record-activity";
import { SafetyRecordSteps } from "./record-steps";

/** The buttons of the rows this user may run now, and the last refusal, if any. */
export function ObservationSteps({ observation }: { observation: ObservationDetail }) {
  return (
    <SafetyRecordSteps
      area="observation"
      number={observation.number}
      to={observationPath(observation.id)}
      rows={observation.steps}
      reasonMaxLength={OBSERVATION_LIMITS.comment}
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

const _text = (value: unknown) => (typeof value === "string" ? value : null);

/** The observation's history, newest first, with who and when. */
export function ObservationActivity({ activity }: { activity: ObservationDetail["activity"] }) {
  return <SafetyRecordActivity area="observation" activity={activity} />;
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
    <section
      aria-labelledby="observation-photos"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="observation-photos" className="text-base font-semibold text-slate-900">
        {t("safety:observation.photos.title")}
      </h2>
      {observation.photos.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:observation.photos.none")}</p>
      ) : (
        <ul className="flex flex-wrap gap-3 text-sm">
          {observation.photos.map((file) => {
            const href = observationPhotoPath(observation.id, file.id);
            return (
              <li key={file.id} className="w-28 space-y-1">
                {/* One link per file: the picture (its name is the caption, so the image is decorative) and the name. */}
                <a href={href} className="block break-all text-xs text-brand-700 hover:underline">
                  {file.kind === "image" ? (
                    <img src={href} alt="" loading="lazy" className="mb-1 h-28 w-28 rounded object-cover" />
                  ) : null}
                  {file.fileName}
                </a>
                <span className="block text-xs text-slate-500">{formatFileSize(file.size)}</span>
                {file.mayDelete ? (
                  <Form method="post" action={observationPath(observation.id)}>
                    <input type="hidden" name="intent" value={OBSERVATION_INTENTS.photoDelete} />
                    <input type="hidden" name="fileId" value={file.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="secondary"
                      aria-label={t("safety:observation.photos.deleteFile", { fileName: file.fileName })}
                    >
                      {t("safety:observation.photos.delete")}
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canAdd ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`${observationPath(observation.id)}/photos`}
          className="space-y-2"
        >
          <FileDrop
            label={t("safety:observation.photos.choose")}
            name="files"
            accept="image/*,video/*"
            multiple
            required
          />
          <Button type="submit" size="sm" variant="secondary">
            {t("safety:observation.photos.upload")}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
