import { Link } from "@remix-run/react";
import { ActivityList } from "~/app/ui/activity-list";
import { DetailFields } from "~/app/ui/detail-fields";
import { TextAreaField, TextField } from "~/app/ui/field";
import { FileDrop } from "~/app/ui/file-drop";
import { RecordPhotos } from "~/app/ui/record-photos";
import { usePostErrors } from "~/app/ui/use-post-errors";
import { WorkflowSteps, type WorkflowStepTexts } from "~/app/ui/workflow-steps";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { DIARY_LIMITS } from "../domain/diary-fields";
import { DIARY_INTENTS, diaryPath, diaryPhotoPath } from "../server/diary-basics";
import type { DiaryPage } from "../server/diary-detail.server";
import type { DiarySectionTab } from "../server/diary-sections.server";
import { ROW_SECTIONS, useRowColumns } from "./diary-form";
import { DiaryModalForm } from "./diary-modal";
import { DiaryRowsTable, type RowValues } from "./diary-rows";
import { useDiaryText } from "./diary-status";

type StepRow = DiaryPage["steps"][number];

function Section({
  id,
  title,
  children,
  actions,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The step buttons this user may run now (WorkflowSteps: dialogs with JavaScript, in place without). */
export function DiarySteps({ page }: { page: DiaryPage }) {
  const { t, translate } = useDiaryText();
  const refusals = usePostErrors(DIARY_INTENTS.transition);
  const label = (row: StepRow) => t(`operation:diary.steps.${row.action}`);
  const texts: WorkflowStepTexts<StepRow> = {
    legend: t("operation:diary.workflow.label"),
    label,
    reason: { label: t("operation:diary.workflow.reason"), maxLength: DIARY_LIMITS.comment },
    confirmBox: () => t("operation:diary.workflow.confirmed"),
    dialog: (row) => ({
      title: t("operation:diary.workflow.dialog.title", { step: label(row), number: page.diary.number }),
      description: t(`operation:diary.workflow.dialog.${row.action}`),
    }),
  };
  return (
    <WorkflowSteps
      to={diaryPath(page.diary.id)}
      intent={DIARY_INTENTS.transition}
      rows={page.steps}
      texts={texts}
      refusals={translate(refusals)}
      isDanger={(row) => row.action === "delete" || row.action === "archive"}
    />
  );
}

/** The diary as it stands, read only (not in progress, or not the user's to edit). */
export function DiaryReadOnly({ page }: { page: DiaryPage }) {
  const { t, locale } = useDiaryText();
  const { diary } = page;
  const none = t("operation:diary.detail.notSet");
  const field = (name: string) => t(`operation:diary.fields.${name}`);
  const columns = useRowColumns();
  const choice = (group: string) => (value: RowValues[string]) =>
    value ? t(`operation:diary.${group}.${value}`) : "-";
  const label = (group: string, value: string | null) =>
    value ? t(`operation:diary.${group}.${value}`) : none;
  return (
    <div className="space-y-4">
      {diary.status === "in_progress" ? null : (
        <p className="text-sm text-slate-600">{t("operation:diary.detail.readOnly")}</p>
      )}
      <Section id="diary-basic" title={t("operation:diary.sections.basic")}>
        <DetailFields
          rows={[
            { label: field("formDate"), value: formatDate(diary.formDate, locale) },
            { label: field("dueDate"), value: formatDate(diary.dueDate, locale) },
            { label: field("location"), value: diary.location ?? t("operation:diary.detail.wholeProject") },
            { label: field("description"), value: diary.description ?? none },
            { label: field("assignee"), value: diary.assignee?.name ?? none },
          ]}
        />
      </Section>
      <Section id="diary-weather" title={t("operation:diary.sections.weather")}>
        <DetailFields
          rows={[
            { label: field("sky"), value: label("sky", diary.sky) },
            { label: field("wind"), value: label("wind", diary.wind) },
            { label: field("rain"), value: label("rain", diary.rain) },
            { label: field("rainStart"), value: diary.rainStart ?? none },
            { label: field("rainEnd"), value: diary.rainEnd ?? none },
            { label: field("temperatureStart"), value: diary.temperatureStart ?? none },
            { label: field("temperaturePeak"), value: diary.temperaturePeak ?? none },
          ]}
        />
      </Section>
      <Section id="diary-concerns" title={t("operation:diary.sections.concerns")}>
        <p className="whitespace-pre-line text-sm text-slate-800">{diary.concerns ?? none}</p>
      </Section>
      {ROW_SECTIONS.map(([key, title]) => (
        <Section key={key} id={`diary-${key}`} title={t(`operation:diary.sections.${title}`)}>
          <DiaryRowsTable
            title={t(`operation:diary.sections.${title}`)}
            rows={diary.rows[key] as unknown as RowValues[]}
            columns={columns[key].map((column) => ({
              name: column.name,
              label: column.label,
              format:
                column.name === "cause"
                  ? choice("cause")
                  : column.name === "plantKind"
                    ? choice("plantKind")
                    : undefined,
            }))}
          />
        </Section>
      ))}
      <Section id="diary-other" title={t("operation:diary.sections.otherComments")}>
        <p className="whitespace-pre-line text-sm text-slate-800">{diary.otherComments ?? none}</p>
      </Section>
    </div>
  );
}

/** Issues raised on the diary (listed with its concerns) and the Issues modal. */
export function DiaryIssues({ page }: { page: DiaryPage }) {
  const { t, locale, translate } = useDiaryText();
  const errors = usePostErrors(DIARY_INTENTS.issue);
  return (
    <Section
      id="diary-issues"
      title={t("operation:diary.sections.issues")}
      actions={
        page.canEdit ? (
          <DiaryModalForm
            id="diary-issue"
            title={t("operation:diary.issues.raise")}
            trigger={t("operation:diary.issues.raise")}
            submit={t("operation:diary.issues.submit")}
            action={diaryPath(page.diary.id)}
            openWithErrors={errors.length > 0}
          >
            <input type="hidden" name="intent" value={DIARY_INTENTS.issue} />
            <TextField
              label={`${t("operation:diary.issues.title")} *`}
              errors={translate(errors)}
              inputProps={{ name: "title", required: true, maxLength: DIARY_LIMITS.issueTitle }}
            />
            <TextAreaField
              label={t("operation:diary.issues.description")}
              textareaProps={{ name: "description", rows: 3, maxLength: DIARY_LIMITS.issueDescription }}
            />
          </DiaryModalForm>
        ) : null
      }
    >
      {page.diary.issues.length === 0 ? (
        <p className="text-sm text-slate-500">{t("operation:diary.issues.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {page.diary.issues.map((issue) => (
            <li key={issue.id} className="py-2">
              <p className="font-medium text-slate-900">{issue.title}</p>
              {issue.description ? (
                <p className="whitespace-pre-line text-slate-700">{issue.description}</p>
              ) : null}
              <p className="text-xs text-slate-500">
                {t("operation:diary.issues.by", {
                  name: issue.raisedBy ?? t("operation:diary.activity.someone"),
                  time: formatDateTime(issue.createdAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The diary's notes, with who wrote each and when, and the Notes modal. */
export function DiaryNotes({ page }: { page: DiaryPage }) {
  const { t, locale, translate } = useDiaryText();
  const errors = usePostErrors(DIARY_INTENTS.note);
  return (
    <Section
      id="diary-notes"
      title={t("operation:diary.sections.notes")}
      actions={
        page.canEdit ? (
          <DiaryModalForm
            id="diary-note"
            title={t("operation:diary.notes.add")}
            trigger={t("operation:diary.notes.add")}
            submit={t("operation:diary.notes.submit")}
            action={diaryPath(page.diary.id)}
            openWithErrors={errors.length > 0}
          >
            <input type="hidden" name="intent" value={DIARY_INTENTS.note} />
            <TextAreaField
              label={`${t("operation:diary.notes.body")} *`}
              errors={translate(errors)}
              textareaProps={{ name: "body", rows: 4, required: true, maxLength: DIARY_LIMITS.note }}
            />
          </DiaryModalForm>
        ) : null
      }
    >
      {page.diary.notes.length === 0 ? (
        <p className="text-sm text-slate-500">{t("operation:diary.notes.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {page.diary.notes.map((note) => (
            <li key={note.id} className="py-2">
              <p className="whitespace-pre-line text-slate-900">{note.body}</p>
              <p className="text-xs text-slate-500">
                {t("operation:diary.notes.by", {
                  name: note.author ?? t("operation:diary.activity.someone"),
                  time: formatDateTime(note.createdAt, locale),
                })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Photo and Videos: thumbnails of the images, the upload modal (50 MB a file) for those who may add. */
export function DiaryPhotos({ page }: { page: DiaryPage }) {
  const { t } = useDiaryText();
  const id = page.diary.id;
  return (
    <div className="space-y-2">
      <RecordPhotos
        id="diary-photos"
        files={page.photos}
        fileHref={(fileId) => diaryPhotoPath(id, fileId)}
        pagePath={diaryPath(id)}
        deleteIntent={DIARY_INTENTS.photoDelete}
        canAdd={false}
        texts={{
          title: t("operation:diary.sections.photos"),
          none: t("operation:diary.photos.none"),
          delete: t("operation:diary.photos.delete"),
          deleteFile: (fileName) => t("operation:diary.photos.deleteFile", { fileName }),
          choose: t("operation:diary.photos.choose"),
          upload: t("operation:diary.photos.upload"),
        }}
      />
      {page.canAddPhotos ? (
        <DiaryModalForm
          id="diary-photo"
          title={t("operation:diary.sections.photos")}
          trigger={t("operation:diary.photos.add")}
          submit={t("operation:diary.photos.upload")}
          action={`${diaryPath(id)}/photos`}
          encType="multipart/form-data"
        >
          <FileDrop
            label={t("operation:diary.photos.choose")}
            name="files"
            accept="image/*,video/*"
            multiple
            required
          />
        </DiaryModalForm>
      ) : null}
    </div>
  );
}

function Records({ tab }: { tab: DiarySectionTab }) {
  const { t } = useDiaryText();
  if (tab.switchedOff)
    return (
      <p className="text-sm text-slate-600">
        {t("operation:diary.detail.switchedOff", { module: t(tab.switchedOff) })}
      </p>
    );
  const records = tab.sections.flatMap((section) =>
    section.records.map((record) => ({ ...record, key: `${section.key}.${record.id}` })),
  );
  if (records.length === 0)
    return <p className="text-sm text-slate-500">{t("operation:diary.detail.noRecords")}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {records.map((record) => (
        <li key={record.key} className="flex flex-wrap items-baseline gap-x-3 py-2">
          <Link to={record.href} className="font-medium text-brand-700 hover:underline">
            {record.number ? `${record.number} ` : ""}
            {record.title}
          </Link>
          {record.status ? <span className="text-xs text-slate-600">{record.status}</span> : null}
          {record.detail ? <span className="text-xs text-slate-500">{record.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The spec's contributed sections (NCR with its Safety and Quality tabs, Permits, Meetings Created…). */
export function DiaryContributed({ page }: { page: DiaryPage }) {
  const { t } = useDiaryText();
  const { mapped, others, othersOff } = page.contributions;
  return (
    <>
      {mapped.map((section) => (
        <Section
          key={section.id}
          id={`diary-${section.id}`}
          title={t(`operation:diary.sections.${section.id}`)}
        >
          {section.tabs.length === 1 ? (
            <Records tab={section.tabs[0]} />
          ) : (
            <div className="space-y-3">
              {section.tabs.map((tab) => (
                <div key={tab.id} className="space-y-1">
                  <h3 className="text-sm font-semibold text-slate-800">
                    {t(`operation:diary.tabs.${tab.id}`)}
                  </h3>
                  <Records tab={tab} />
                </div>
              ))}
            </div>
          )}
        </Section>
      ))}
      {others.length || othersOff.length ? (
        <Section id="diary-more" title={t("operation:diary.sections.more")}>
          {others.map((section) => (
            <div key={section.key} className="space-y-1">
              <h3 className="text-sm font-semibold text-slate-800">{section.title}</h3>
              <Records tab={{ id: section.key, sections: [section], switchedOff: null }} />
            </div>
          ))}
          {othersOff.map((title) => (
            <p key={title} className="text-sm text-slate-600">
              {t("operation:diary.detail.switchedOff", { module: t(title) })}
            </p>
          ))}
        </Section>
      ) : null}
    </>
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The diary's history, newest first: every step and edit, note, issue and file. */
export function DiaryActivity({ page }: { page: DiaryPage }) {
  const { t, locale } = useDiaryText();
  const status = (value: unknown) => t(`operation:diary.status.${text(value)}`);
  const known = [
    "created",
    "updated",
    "status-changed",
    "note-added",
    "issue-raised",
    "attachment-added",
    "attachment-deleted",
  ];
  return (
    <ActivityList
      empty={t("operation:diary.activity.empty")}
      entries={page.activity.map((entry) => {
        const name = entry.actorName ?? t("operation:diary.activity.someone");
        const details: string[] = [];
        if (entry.action === "status-changed") {
          details.push(
            t("operation:diary.activity.statusTo", {
              from: status(entry.before?.status),
              to: status(entry.after?.status),
            }),
          );
          if (text(entry.after?.comment))
            details.push(t("operation:diary.activity.reason", { comment: entry.after?.comment }));
        }
        return {
          id: entry.id,
          summary: known.includes(entry.action)
            ? t(`operation:diary.activity.${entry.action}`, { name })
            : t("operation:diary.activity.other", { action: entry.action, name }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}
