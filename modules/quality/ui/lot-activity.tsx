import { ActivityList } from "~/app/ui/activity-list";
import { formatDateTime } from "~/app/utils/format";
import type { LotActivityEntry } from "../server/lots.server";
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
  if (entry.action === "hp-wp-changed" && typeof after.pointAction === "string") {
    lines.push(
      t("quality:hpWp.activity", {
        itp: after.itpNumber,
        position: after.position,
        activity: after.activity,
        step: t(`quality:hpWp.actions.${after.pointAction}`),
      }),
    );
    if (typeof after.comment === "string" && after.comment)
      lines.push(t("quality:lot.activity.reason", { comment: after.comment }));
  }
  // The client's links (hold-points-client: sent, opened, revoked): to whom.
  if (entry.action.startsWith("client-link-") && typeof after.recipientEmail === "string")
    lines.push(after.recipientEmail);
  const name = after.name ?? entry.before?.name ?? after.relatedNumber ?? entry.before?.relatedNumber;
  if (typeof name === "string" && entry.action !== "updated") lines.push(name);
  return lines;
}

const clientName = (entry: LotActivityEntry) => {
  const name = entry.after?.decidedByName ?? entry.after?.reviewerName;
  return typeof name === "string" ? name : null;
};

/** The lot's history, newest first (server/audit). */
export function LotActivityList({ activity }: { activity: LotActivityEntry[] }) {
  const { t, locale } = useLotMessages();
  return (
    <ActivityList
      empty={t("quality:lot.activity.empty")}
      entries={activity.map((entry) => ({
        id: entry.id,
        summary: t("quality:lot.activity.entry", {
          action: t(`quality:lot.activity.actions.${entry.action}`, {
            defaultValue: t(`quality:hpWpClient.activity.${entry.action}`, { defaultValue: entry.action }),
          }),
          // A client deciding through a link has no user: the name they typed.
          name: entry.actorName ?? clientName(entry) ?? t("quality:lot.activity.unknownActor"),
        }),
        time: formatDateTime(entry.createdAt, locale),
        details: entryDetails(t, entry),
      }))}
    />
  );
}
