import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DataTable, type DataTableColumn } from "~/app/ui/data-table";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import { NativeSelect } from "~/app/ui/native-select";
import { RegisterPage } from "~/app/ui/register-page";
import { SearchBox } from "~/app/ui/search-box";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { requireRoute } from "~/server/permissions/guard.server";
import { ACTION_STATUSES, RISK_RANKINGS } from "../domain/action-workflow";
import { ACTION_PATH, actionPath, DUE_FILTERS } from "../server/action-basics";
import {
  type ActionRegisterRow,
  actionOfDeepLink,
  loadActionRegister,
} from "../server/action-register.server";
import { ActionStatusBadge, RiskBadge, useActionText } from "../ui/action-status";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Actions | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  // The spec's deep link (/deeplink?actionId=…) lands here with tab=all_actions&actionId=…: open that action.
  const linked = await actionOfDeepLink(context, new URL(request.url).searchParams.get("actionId"));
  if (linked) throw redirect(actionPath(linked));
  return {
    register: await loadActionRegister(context, new URL(request.url)),
    canCreate: context.can("safety.actions.create"),
    canSettings: context.can("safety.actions.view-notification-settings"),
  };
}

export default function ActionRegisterPage() {
  const { register, canCreate, canSettings } = useLoaderData<typeof loader>();
  const { t, locale } = useActionText();
  const { query } = register;
  const due = (row: ActionRegisterRow) =>
    row.dueDate ? (
      <span className="whitespace-nowrap">
        {formatDate(row.dueDate, locale)}
        {row.overdue ? (
          <StatusBadge tone="danger" className="ml-1">
            {t("safety:action.register.overdue")}
          </StatusBadge>
        ) : null}
      </span>
    ) : (
      "-"
    );
  const columns: DataTableColumn<ActionRegisterRow>[] = [
    {
      key: "number",
      header: t("safety:action.fields.number"),
      sortable: true,
      phone: "heading",
      cell: (row) => (
        <Link to={actionPath(row.id)} className="record-link">
          {row.number}
        </Link>
      ),
    },
    {
      key: "title",
      header: t("safety:action.fields.title"),
      sortable: true,
      phone: "heading",
      cell: (row) => row.title,
    },
    {
      key: "status",
      header: t("safety:action.fields.status"),
      phone: "status",
      cell: (row) => <ActionStatusBadge status={row.status} />,
    },
    {
      key: "riskRanking",
      header: t("safety:action.fields.riskRanking"),
      label: t("safety:action.fields.riskRanking"),
      phone: "detail",
      cell: (row) => <RiskBadge risk={row.riskRanking} />,
      hideBelow: "md",
    },
    {
      key: "assignee",
      header: t("safety:action.fields.assignee"),
      phone: "detail",
      cell: (row) => row.assignee ?? "-",
      hideBelow: "lg",
    },
    {
      key: "label",
      header: t("safety:action.fields.label"),
      cell: (row) => row.label ?? "-",
      hideBelow: "xl",
    },
    {
      key: "createdBy",
      header: t("safety:action.fields.createdBy"),
      cell: (row) => row.createdBy ?? "-",
      hideBelow: "xl",
    },
    {
      key: "dueDate",
      header: t("safety:action.fields.dueDate"),
      sortable: true,
      phone: "detail",
      cell: due,
      hideBelow: "sm",
    },
  ];
  const createLink = canCreate ? (
    <Link to={`${ACTION_PATH}/create`} className={buttonClass()}>
      {t("safety:action.register.create")}
    </Link>
  ) : null;
  const settingsLink = canSettings ? (
    <Link to={`${ACTION_PATH}/notification`} className={buttonClass("secondary")}>
      {t("safety:action.register.notificationSettings")}
    </Link>
  ) : null;
  const activeFilters = [query.status, query.risk, query.label, query.assignee, query.due].filter(
    Boolean,
  ).length;
  const filtered = Boolean(query.q) || activeFilters > 0;
  return (
    <RegisterPage
      title={t("safety:action.register.title")}
      description={t("safety:action.register.intro")}
      actions={
        <>
          {settingsLink}
          {createLink}
        </>
      }
      above={
        <LinkTabs
          label={t("safety:action.register.tabsLabel")}
          tabs={[
            { value: "my_actions", label: t("safety:action.register.tabs.my_actions") },
            { value: "all_actions", label: t("safety:action.register.tabs.all_actions") },
          ]}
        />
      }
      search={
        <SearchBox
          label={t("safety:action.register.search")}
          placeholder={t("safety:action.register.searchPlaceholder")}
        />
      }
      filters={{
        fields: ["status", "risk", "label", "assignee", "due"],
        activeCount: activeFilters,
        children: (
          <>
            <NativeSelect
              label={t("safety:action.filters.status")}
              name="status"
              placeholder={t("safety:action.filters.any")}
              defaultValue={query.status ?? undefined}
              options={ACTION_STATUSES.map((status) => ({
                value: status,
                label: t(`safety:action.status.${status}`),
              }))}
            />
            <NativeSelect
              label={t("safety:action.filters.risk")}
              name="risk"
              placeholder={t("safety:action.filters.any")}
              defaultValue={query.risk ?? undefined}
              options={RISK_RANKINGS.map((risk) => ({ value: risk, label: t(`safety:action.risk.${risk}`) }))}
            />
            {register.filters.labels.length === 0 ? null : (
              <NativeSelect
                label={t("safety:action.filters.label")}
                name="label"
                placeholder={t("safety:action.filters.any")}
                defaultValue={query.label ?? undefined}
                options={register.filters.labels.map((label) => ({ value: label, label }))}
              />
            )}
            {register.filters.members.length === 0 ? null : (
              <NativeSelect
                label={t("safety:action.filters.assignee")}
                name="assignee"
                placeholder={t("safety:action.filters.any")}
                defaultValue={query.assignee ?? undefined}
                options={register.filters.members}
              />
            )}
            <NativeSelect
              label={t("safety:action.filters.due")}
              name="due"
              placeholder={t("safety:action.filters.any")}
              defaultValue={query.due ?? undefined}
              options={DUE_FILTERS.map((due) => ({ value: due, label: t(`safety:action.due.${due}`) }))}
            />
          </>
        ),
      }}
    >
      <DataTable
        caption={t("safety:action.register.caption")}
        columns={columns}
        rows={register.rows}
        rowKey={(row) => row.id}
        page={register.page}
        pageSize={register.pageSize}
        total={register.total}
        sort={query}
        empty={
          filtered ? (
            <EmptyState title={t("safety:action.register.noResults")} />
          ) : (
            <EmptyState item={t("safety:action.register.items")} action={createLink} />
          )
        }
      />
    </RegisterPage>
  );
}
