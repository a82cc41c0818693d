import { formatDateTime } from "~/app/utils/format";
import type { LotActivityEntry } from "../server/lots.server";
import { LotSection } from "./lot-detail-sections";
import { useLotMessages } from "./lot-messages";

type Translate = ReturnType<typeof useLotMessages>["t"];

/** One line under an entry: the fields an edit changed, the step a status change made, and its reason. */
function entryDetails(t: Translate, entry: LotActivityEntry): string[] {
  const lines: string[] = [];
  const after = entry.after ?? {};
  if (entry.action === "updated") {
    const fields = Object.keys(after).map((field) =>
      t(`quality:lot.fields.${field}`, { defaultValue: field }),
    );
    if (fields.length) lines.push(t("quality:lot.activity.changed", { fields: fields.join(", ") }));
  }
  if (entry.action === "status-changed" && typeof after.action === "string") {
    lines.push(t(`quality:lot.actions.${after.action}`));
    if (typeof after.comment === "string" && after.comment)
      lines.push(t("quality:lot.activity.reason", { comment: after.comment }));
  }
  const name = after.name ?? entry.before?.name ?? after.relatedNumber ?? entry.before?.relatedNumber;
  if (typeof name === "string" && entry.action !== "updated") lines.push(name);
  return lines;
}

/** The lot's history, newest first (server/audit). */
export function LotActivitySection({ activity }: { activity: LotActivityEntry[] }) {
  const { t, locale } = useLotMessages();
  return (
    <LotSection title={t("quality:lot.activity.title")}>
      {activity.length === 0 ? (
        <p className="text-sm text-slate-600">{t("quality:lot.activity.empty")}</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {activity.map((entry) => (
            <li key={entry.id} className="border-l-2 border-slate-200 pl-3">
              <p className="text-slate-900">
                {t("quality:lot.activity.entry", {
                  action: t(`quality:lot.activity.actions.${entry.action}`, { defaultValue: entry.action }),
                  name: entry.actorName ?? t("quality:lot.activity.unknownActor"),
                })}
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(entry.createdAt, locale)}</p>
              {entryDetails(t, entry).map((line) => (
                <p key={line} className="whitespace-pre-line text-slate-700">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ol>
      )}
    </LotSection>
  );
}
