import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { EmptyState } from "~/app/ui/empty-state";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { Select } from "~/app/ui/select";
import { formatDateTime } from "~/app/utils/format";
import {
  listSecurityEvents,
  readSecurityEventQuery,
  SECURITY_EVENT_KINDS,
} from "~/server/audit/security-events.server";
import { isLocale } from "~/server/i18n/locale";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["global-settings"] };
export const meta: MetaFunction = () => [{ title: "Security events | SiteProof" }];

const FILTER_FIELDS = ["kind", "from", "to"] as const;
/** A select needs a non-empty value for "no filter" (spec 5); the loader ignores it. */
const ANY = "any";

/** The audit trail of security events, newest first, for administrators (docs/decisions/018). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { em } = await requireGlobalRoute(request);
  const params = new URL(request.url).searchParams;
  const query = readSecurityEventQuery(params);
  const page = pageFromSearch(params);
  const { rows, total } = await listSecurityEvents(em, query, { page, pageSize: DEFAULT_PAGE_SIZE });
  return { rows, total, page, pageSize: DEFAULT_PAGE_SIZE, query, kinds: [...SECURITY_EVENT_KINDS] };
}

type Row = Awaited<ReturnType<typeof loader>>["rows"][number];

const text = (value: unknown) =>
  value === null || value === undefined || value === "" ? "-" : String(value);

/** "Field: before → after" for each field a change names. */
function changes(details: Record<string, unknown>, t: TFunction) {
  const before = (details.before ?? {}) as Record<string, unknown>;
  const after = (details.after ?? {}) as Record<string, unknown>;
  const show = (value: unknown) => (Array.isArray(value) ? String(value.length) : text(value));
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map(
    (field) =>
      `${t(`securityEvents.fields.${field}`, { defaultValue: field })}: ${show(before[field])} → ${show(after[field])}`,
  );
}

/** The few facts of an event an administrator reads first, in their language. */
function summary(row: Row, t: TFunction): string {
  const d = row.details as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.method === "string") parts.push(t(`securityEvents.details.method.${d.method}`));
  if (typeof d.reason === "string") parts.push(t(`securityEvents.details.reason.${d.reason}`));
  if (Array.isArray(d.limits))
    parts.push(
      t("securityEvents.details.paused", {
        limits: d.limits.map((limit) => t(`securityEvents.details.limit.${limit}`)).join(", "),
        minutes: d.minutes,
      }),
    );
  if (typeof d.link === "string") parts.push(t(`securityEvents.details.link.${d.link}`));
  if (typeof d.role === "string") parts.push(`${t("securityEvents.fields.role")}: ${d.role}`);
  if (typeof d.accRole === "string") parts.push(`${t("securityEvents.fields.accRole")}: ${d.accRole}`);
  if (row.kind === "member.invited" && "globalRole" in d)
    parts.push(`${t("securityEvents.fields.globalRole")}: ${text(d.globalRole)}`);
  if (typeof d.record === "string")
    parts.push(
      t("securityEvents.details.decision", {
        record: d.record,
        decision: d.decision ? t(`securityEvents.details.decisions.${d.decision}`) : "-",
        reviewer: text(d.reviewerName),
      }),
    );
  if (row.kind === "role.created" && d.after)
    parts.push(
      t("securityEvents.details.permissions", {
        count: ((d.after as { grantedActions?: unknown[] }).grantedActions ?? []).length,
      }),
    );
  else if (row.kind !== "role.deleted" && row.kind !== "member.removed" && (d.before || d.after))
    parts.push(...changes(d, t));
  return parts.join(" · ") || "-";
}

export default function SecurityEventsPage() {
  const { rows, total, page, pageSize, query, kinds } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("global-settings");
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  const when = (row: Row) => formatDateTime(row.occurredAt, locale, "UTC");
  const kindLabel = (row: Row) => t(`securityEvents.kinds.${row.kind}`);
  const actor = (row: Row) =>
    row.actor ? `${row.actor.name} (${row.actor.email})` : t("securityEvents.visitor");
  const columns: DataTableColumn<Row>[] = [
    {
      key: "occurredAt",
      header: t("securityEvents.columns.occurredAt"),
      phone: "heading",
      cell: when,
      className: "whitespace-nowrap",
    },
    { key: "kind", header: t("securityEvents.columns.kind"), phone: "heading", cell: kindLabel },
    {
      key: "subject",
      header: t("securityEvents.columns.subject"),
      phone: "detail",
      cell: (row) => text(row.subjectEmail),
    },
    {
      key: "actor",
      header: t("securityEvents.columns.actor"),
      phone: "detail",
      cell: actor,
      hideBelow: "2xl",
    },
    {
      key: "project",
      header: t("securityEvents.columns.project"),
      cell: (row) => text(row.project),
      hideBelow: "2xl",
    },
    {
      key: "address",
      header: t("securityEvents.columns.address"),
      phone: "detail",
      cell: (row) => <span title={row.userAgent ?? undefined}>{text(row.clientAddress)}</span>,
      hideBelow: "2xl",
    },
    {
      key: "details",
      header: t("securityEvents.columns.details"),
      phone: "detail",
      cell: (row) => summary(row, t),
    },
  ];
  const filtered = Boolean(query.kind || query.from || query.to || query.email);
  return (
    <RegisterPage
      title={t("securityEvents.title")}
      description={t("securityEvents.intro")}
      filters={{
        fields: FILTER_FIELDS,
        activeCount: [query.kind, query.from, query.to].filter(Boolean).length,
        children: (
          <>
            <Select
              name="kind"
              label={t("securityEvents.filters.kind")}
              defaultValue={query.kind ?? ANY}
              options={[
                { value: ANY, label: t("securityEvents.filters.anyKind") },
                ...kinds.map((kind) => ({ value: kind, label: t(`securityEvents.kinds.${kind}`) })),
              ]}
            />
            <DateField
              label={t("securityEvents.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? "" }}
            />
            <DateField
              label={t("securityEvents.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? "" }}
            />
          </>
        ),
      }}
      search={
        <SearchBox
          name="email"
          label={t("securityEvents.searchLabel")}
          placeholder={t("securityEvents.searchPlaceholder")}
        />
      }
    >
      <DataTable
        caption={t("securityEvents.caption")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={page}
        pageSize={pageSize}
        total={total}
        empty={
          filtered ? (
            <EmptyState title={t("securityEvents.noResults")} />
          ) : (
            <EmptyState item={t("securityEvents.item")} />
          )
        }
      />
    </RegisterPage>
  );
}
