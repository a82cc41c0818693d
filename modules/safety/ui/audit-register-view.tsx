import { Link } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import type { DataTableColumn } from "~/app/ui/data-table";
import { DateField } from "~/app/ui/date-field";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage, RegisterTable } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { formatDate } from "~/app/utils/format";
import { AUDIT_SCHEDULE_STATUSES, AUDIT_VIEWS } from "../domain/audit-states";
import { AUDIT_NOTIFICATION_PATH, createSchedulePath, schedulePath } from "../server/audit-basics";
import type { AuditRegister, AuditRegisterRow } from "../server/audit-register.server";
import { ScheduleStatusBadge, useAuditText } from "./audit-status";

/**
 * The audit register and the inspection register (one page, a kind each): tabs My schedules / All
 * schedules, search, the filter panel with Apply, pages in the URL, cards on phones. Works without JavaScript.
 */
export function AuditRegisterView({
  register,
  canCreate,
  canSettings,
}: {
  register: AuditRegister;
  canCreate: boolean;
  canSettings: boolean;
}) {
  const { t, locale } = useAuditText();
  const { query, kind } = register;
  const field = (name: string) => t(`safety:audit.fields.${name}`);
  const day = (value: string | null) => (value ? formatDate(value, locale) : "-");
  const columns: DataTableColumn<AuditRegisterRow>[] = [
    {
      key: "number",
      header: field("number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={schedulePath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    { key: "task", header: field("task"), phone: "heading", cell: (row) => row.task },
    {
      key: "status",
      header: field("status"),
      phone: "status",
      cell: (row) => <ScheduleStatusBadge status={row.status} />,
    },
    {
      key: "location",
      header: field("location"),
      label: field("location"),
      phone: "detail",
      cell: (row) => row.location ?? "-",
      hideBelow: "lg",
    },
    {
      key: "lead",
      header: field(`leadAuditor.${kind}`),
      label: field(`leadAuditor.${kind}`),
      phone: "detail",
      cell: (row) => row.lead ?? "-",
      hideBelow: "md",
    },
    {
      key: "estimatedStartDate",
      header: field("estimatedStartDate"),
      label: field("estimatedStartDate"),
      sortable: true,
      phone: "detail",
      cell: (row) => day(row.estimatedStartDate),
      hideBelow: "sm",
    },
    {
      key: "reportDueDate",
      header: field("reportDueDate"),
      cell: (row) => day(row.reportDueDate),
      hideBelow: "xl",
    },
    {
      key: "internalReferenceNumber",
      header: field("internalReferenceNumber"),
      cell: (row) => row.internalReferenceNumber ?? "-",
      hideBelow: "xl",
    },
  ];
  const createLink = canCreate ? (
    <Link to={createSchedulePath(kind)} className={buttonClass()}>
      {t(`safety:audit.register.create.${kind}`)}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.location, query.lead, query.from, query.to].filter(
    Boolean,
  ).length;
  const any = t("safety:audit.filters.any");
  return (
    <RegisterPage
      title={t(`safety:audit.register.title.${kind}`)}
      description={t(`safety:audit.register.intro.${kind}`)}
      actions={
        <>
          {canSettings ? (
            <Link to={AUDIT_NOTIFICATION_PATH} className={buttonClass("secondary")}>
              {t("safety:audit.register.notificationSettings")}
            </Link>
          ) : null}
          {createLink}
        </>
      }
      above={
        <LinkTabs
          label={t("safety:audit.register.tabsLabel")}
          param="view"
          tabs={AUDIT_VIEWS.map((view) => ({ value: view, label: t(`safety:audit.register.views.${view}`) }))}
        />
      }
      search={
        <SearchBox
          label={t("safety:audit.register.search")}
          placeholder={t("safety:audit.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "location", "lead", "from", "to"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:audit.filters.status")}
              name="status"
              placeholder={any}
              defaultValue={query.status ?? undefined}
              options={AUDIT_SCHEDULE_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:audit.status.${status}`),
              }))}
            />
            {register.filters.locations.length === 0 ? null : (
              <NativeSelect
                label={t("safety:audit.filters.location")}
                name="location"
                placeholder={any}
                defaultValue={query.location ?? undefined}
                options={register.filters.locations}
              />
            )}
            {register.filters.members.length === 0 ? null : (
              <NativeSelect
                label={field(`leadAuditor.${kind}`)}
                name="lead"
                placeholder={any}
                defaultValue={query.lead ?? undefined}
                options={register.filters.members}
              />
            )}
            <DateField
              label={t("safety:audit.filters.from")}
              inputProps={{ name: "from", defaultValue: query.from ?? undefined }}
            />
            <DateField
              label={t("safety:audit.filters.to")}
              inputProps={{ name: "to", defaultValue: query.to ?? undefined }}
            />
          </>
        ),
      }}
    >
      <RegisterTable
        caption={t(`safety:audit.register.title.${kind}`)}
        columns={columns}
        list={register}
        rowKey={(row) => row.id}
        sort={query}
        filtered={Boolean(query.q) || activeFilters > 0}
        noResults={t("safety:audit.register.noResults")}
        items={t(`safety:audit.register.items.${kind}`)}
        createAction={createLink}
      />
    </RegisterPage>
  );
}
