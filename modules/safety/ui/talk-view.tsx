import { ActivityList } from "~/app/ui/activity-list";
import { ConfirmInPlaceForm } from "~/app/ui/confirm-in-place-form";
import { RecordPhotos } from "~/app/ui/record-photos";
import { formatDateTime } from "~/app/utils/format";
import { TALK_INTENTS, talkPath, talkPhotoPath } from "../server/talk-basics";
import type { TalkDetail } from "../server/talk-detail.server";
import { SignOnLinkPanel } from "./sign-on-link";
import { useTalkText } from "./talk-text";

/** A signature as given: the drawing, or the typed name in a hand-like face. */
export function SignatureShown({ signature, alt }: { signature: TalkDetail["signature"]; alt: string }) {
  const { t } = useTalkText();
  if (!signature) return <>{t("safety:talk.detail.notSet")}</>;
  if (signature.image)
    return (
      <img src={signature.image} alt={alt} className="h-16 max-w-full border border-slate-200 bg-white" />
    );
  return <span className="font-serif italic">{signature.typed}</span>;
}

/** The attendance: who was there, their company, status and remark, and whether they signed on. */
export function TalkAttendance({ talk }: { talk: TalkDetail }) {
  const { t, locale } = useTalkText();
  return (
    <section
      aria-labelledby="talk-attendance"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="talk-attendance" className="text-base font-semibold text-slate-900">
        {t("safety:talk.attendance.title")} ({talk.attendees.length})
      </h2>
      {talk.attendees.length === 0 ? (
        <p className="text-sm text-slate-500">{t("safety:talk.attendance.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm" aria-label={t("safety:talk.attendance.title")}>
          {talk.attendees.map((row) => (
            <li key={row.id} className="grid gap-1 py-2 sm:grid-cols-4">
              <span className="font-medium text-slate-900">{row.name}</span>
              <span className="text-slate-700">{row.company ?? "-"}</span>
              <span className="text-slate-700">
                {t(`safety:talk.attendanceStatus.${row.status}`)}
                {row.remark ? ` — ${row.remark}` : ""}
              </span>
              <span className="text-slate-700">
                {row.signedAt ? (
                  <>
                    <SignatureShown
                      signature={row.signature}
                      alt={t("safety:talk.attendance.signatureOf", { name: row.name })}
                    />
                    <span className="block text-xs text-slate-500">
                      {t("safety:talk.attendance.signedAt", { time: formatDateTime(row.signedAt, locale) })}
                    </span>
                  </>
                ) : (
                  <span className="text-xs text-slate-500">{t("safety:talk.attendance.notSigned")}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The QR sign-on: the code and its address while a link is open (the server draws the code: no script), the
 * buttons to show a new one or end it. For those who may edit talks of the kind.
 */
export function TalkSignOn({ talk }: { talk: TalkDetail }) {
  return (
    <SignOnLinkPanel
      id="talk-sign-on"
      texts="safety:talk.signOn"
      link={talk.signOn}
      action={talkPath(talk.id)}
      canManage
    />
  );
}

/** Group photos shown; the upload and remove forms for those who may edit the talk. */
export function TalkPhotos({ talk, canEdit }: { talk: TalkDetail; canEdit: boolean }) {
  const { t } = useTalkText();
  return (
    <RecordPhotos
      id="talk-photos"
      files={talk.photos}
      fileHref={(fileId) => talkPhotoPath(talk.id, fileId)}
      pagePath={talkPath(talk.id)}
      deleteIntent={TALK_INTENTS.photoDelete}
      canAdd={canEdit}
      texts={{
        title: t("safety:talk.photos.title"),
        none: t("safety:talk.photos.none"),
        delete: t("safety:talk.photos.delete"),
        deleteFile: (fileName) => t("safety:talk.photos.deleteFile", { fileName }),
        choose: t("safety:talk.photos.choose"),
        upload: t("safety:talk.photos.upload"),
      }}
    />
  );
}

/** Deleting a talk: "I am sure", then the button (a plain form). */
export function TalkDelete({ talk }: { talk: TalkDetail }) {
  const { t } = useTalkText();
  return (
    <ConfirmInPlaceForm
      className="rounded-lg border border-red-200 bg-white p-4 text-sm"
      summary={t("safety:talk.delete.title")}
      action={talkPath(talk.id)}
      intent={TALK_INTENTS.delete}
      warning={t("safety:talk.delete.warning", { number: talk.number })}
      confirmLabel={t("safety:talk.delete.confirm")}
      submitLabel={t("safety:talk.delete.submit")}
    />
  );
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The talk's history, newest first, with who and when. */
export function TalkActivity({ activity }: { activity: TalkDetail["activity"] }) {
  const { t, locale } = useTalkText();
  return (
    <ActivityList
      empty={t("safety:talk.activity.empty")}
      entries={activity.map((entry) => {
        const after = entry.after ?? {};
        const before = entry.before ?? {};
        const details: string[] = [];
        if (entry.action === "signed-on")
          details.push([text(after.name), text(after.company)].filter(Boolean).join(", "));
        if (entry.action === "attachment-added" && text(after.fileName)) details.push(text(after.fileName)!);
        if (entry.action === "attachment-deleted" && text(before.fileName))
          details.push(text(before.fileName)!);
        if (entry.action === "updated")
          details.push(
            t("safety:talk.activity.fields", {
              fields: Object.keys(after)
                .map((field) => t(`safety:talk.activity.field.${field}`, { defaultValue: field }))
                .join(", "),
            }),
          );
        return {
          id: entry.id,
          summary: t("safety:talk.activity.entry", {
            action: t(`safety:talk.activity.events.${entry.action}`, { defaultValue: entry.action }),
            name: entry.actorName ?? text(after.name) ?? t("safety:talk.activity.unknownActor"),
          }),
          time: formatDateTime(entry.createdAt, locale),
          details,
        };
      })}
    />
  );
}
