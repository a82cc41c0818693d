import { Form, Link } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDateTime } from "~/app/utils/format";
import { type InOutKind, inOutRecordPath, type SignOutKind } from "../domain/in-out";
import { clockTime, useInOutText } from "./in-out-text";

export type OnSitePerson = {
  id: string;
  name: string;
  company: string;
  role: string | null;
  kind: InOutKind;
  inducted: boolean;
  since: string;
};

/** A page of rows as the loader returns it. */
type Rows<Row> = { rows: Row[]; page: number; pageSize: number; total: number };

/** Worker or visitor, and a visitor who came in without the induction (escorted: decision 040). */
export function KindBadges({ kind, inducted }: { kind: InOutKind; inducted: boolean }) {
  const { t } = useInOutText();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge tone={kind === "visitor" ? "info" : "neutral"}>
        {t(`operation:inout.kind.${kind}`)}
      </StatusBadge>
      {inducted ? null : <StatusBadge tone="warning">{t("operation:inout.notInducted")}</StatusBadge>}
    </span>
  );
}

/** Who is on site now: one card per person, with Sign out for those who may sign people out. */
export function OnSiteList({
  people,
  total,
  timeZone,
  canSignOut,
}: {
  people: OnSitePerson[];
  total: number;
  timeZone: string;
  canSignOut: boolean;
}) {
  const { t, locale } = useInOutText();
  return (
    <section aria-labelledby="on-site-now" className="space-y-3">
      <h2 id="on-site-now" className="text-lg font-semibold text-slate-900">
        {t("operation:inout.onSite.title", { count: total })}
      </h2>
      {people.length === 0 ? (
        <p className="text-sm text-slate-600">{t("operation:inout.onSite.empty")}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
          {people.map((person) => (
            <li
              key={person.id}
              className="flex min-w-0 items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3"
            >
              <div className="min-w-0 space-y-1">
                <p className="break-words font-medium text-slate-900">{person.name}</p>
                <p className="break-words text-sm text-slate-600">
                  {[person.company, person.role].filter(Boolean).join(" · ")}
                </p>
                <p className="text-xs text-slate-500">
                  {t("operation:inout.onSite.since", {
                    time: formatDateTime(person.since, locale, timeZone),
                  })}
                </p>
                <KindBadges kind={person.kind} inducted={person.inducted} />
              </div>
              {canSignOut ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out" />
                  <input type="hidden" name="recordId" value={person.id} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="secondary"
                    aria-label={t("operation:inout.signOutOf", { name: person.name })}
                  >
                    {t("operation:inout.signOut")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {total > people.length ? (
        <p className="text-xs text-slate-500">
          {t("operation:inout.onSite.more", { shown: people.length, total })}
        </p>
      ) : null}
    </section>
  );
}

type Stay = { id: string; in: string; out: string | null; how: SignOutKind | null };
export type DayPerson = {
  id: string;
  name: string;
  company: string;
  role: string | null;
  kind: InOutKind;
  inducted: boolean;
  onSite: boolean;
  hours: string;
  stays: Stay[];
};

/** The day's people: each with their stays (in – out, how), and the day's hours; a stay links to its correction. */
export function DayTable({
  list,
  timeZone,
  filtered,
  canEdit,
}: {
  list: Rows<DayPerson>;
  timeZone: string;
  filtered: boolean;
  canEdit: boolean;
}) {
  const { t, locale } = useInOutText();
  const field = (name: string) => t(`operation:inout.fields.${name}`);
  const stayText = (stay: Stay) =>
    `${clockTime(stay.in, timeZone, locale)} – ${stay.out ? clockTime(stay.out, timeZone, locale) : t("operation:inout.stillIn")}${
      stay.how === "automatic" ? ` (${t("operation:inout.how.automatic")})` : ""
    }`;
  const columns: DataTableColumn<DayPerson>[] = [
    { key: "name", header: field("name"), phone: "heading", cell: (row) => row.name },
    {
      key: "company",
      header: field("company"),
      label: field("company"),
      phone: "detail",
      cell: (row) => [row.company, row.role].filter(Boolean).join(" · "),
    },
    {
      key: "kind",
      header: field("kind"),
      phone: "status",
      cell: (row) => <KindBadges kind={row.kind} inducted={row.inducted} />,
    },
    {
      key: "stays",
      header: field("stays"),
      label: field("stays"),
      phone: "detail",
      cell: (row) => (
        <ul className="space-y-0.5">
          {row.stays.map((stay) => (
            <li key={stay.id}>
              {canEdit ? (
                <Link to={inOutRecordPath(stay.id)} className="record-link">
                  {stayText(stay)}
                </Link>
              ) : (
                stayText(stay)
              )}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: "hours",
      header: field("hours"),
      label: field("hours"),
      phone: "detail",
      cell: (row) => row.hours,
    },
  ];
  return (
    <DataTable
      caption={t("operation:inout.day.caption")}
      columns={columns}
      {...list}
      rowKey={(row) => row.id}
      empty={
        filtered ? (
          <EmptyState title={t("operation:inout.day.noResults")} />
        ) : (
          <EmptyState item={t("operation:inout.day.items")} />
        )
      }
    />
  );
}

export type ActivityEntry = {
  id: string;
  action: string;
  actor: string | null;
  at: string;
  name: string | null;
  company: string | null;
  how: string | null;
  time: string | null;
  reason: string | null;
};

/** The Activity Log tab: every sign-in, sign-out, correction, deletion and automatic sign-out, with who and when. */
export function ActivityTable({ list, timeZone }: { list: Rows<ActivityEntry>; timeZone: string }) {
  const { t, locale } = useInOutText();
  const field = (name: string) => t(`operation:inout.activity.${name}`);
  const columns: DataTableColumn<ActivityEntry>[] = [
    {
      key: "what",
      header: field("what"),
      phone: "heading",
      cell: (row) =>
        t(`operation:inout.activity.action.${row.action}`, {
          name: row.name ?? "",
          company: row.company ?? "",
          defaultValue: row.action,
        }),
    },
    {
      key: "how",
      header: field("how"),
      label: field("how"),
      phone: "detail",
      cell: (row) => (row.how ? t(`operation:inout.how.${row.how}`, { defaultValue: row.how }) : ""),
    },
    {
      key: "who",
      header: field("who"),
      label: field("who"),
      phone: "detail",
      cell: (row) =>
        row.actor ??
        (row.how === "gate" || row.how === "gate_in"
          ? t("operation:inout.activity.atGate")
          : t("operation:inout.activity.system")),
    },
    {
      key: "when",
      header: field("when"),
      label: field("when"),
      phone: "detail",
      cell: (row) => formatDateTime(row.time ?? row.at, locale, timeZone),
    },
    {
      key: "reason",
      header: field("reason"),
      label: field("reason"),
      phone: "detail",
      cell: (row) => row.reason ?? "",
    },
  ];
  return (
    <DataTable
      caption={t("operation:inout.activity.caption")}
      columns={columns}
      {...list}
      rowKey={(row) => row.id}
      empty={<EmptyState item={t("operation:inout.activity.items")} />}
    />
  );
}
