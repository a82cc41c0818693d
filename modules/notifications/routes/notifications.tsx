import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/ui/button";
import { cn } from "~/app/ui/cn";
import { EmptyState } from "~/app/ui/empty-state";
import { LinkTabs } from "~/app/ui/link-tabs";
import { Pagination } from "~/app/ui/pagination";
import { pageFromSearch } from "~/app/ui/pagination-range";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { Locale } from "~/server/i18n/locale";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  inboxActionSchema,
  inboxPage,
  inboxSettings,
  markAllRead,
  markRead,
  moduleFromSearch,
  safeLink,
  viewFromSearch,
} from "../inbox.server";
import { moduleChoices } from "../server/centre.server";
import { ModuleFilter } from "../ui/module-filter";

export const meta: MetaFunction = () => [{ title: "Notifications | SiteProof" }];
export const handle = { i18n: ["notifications"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, user, project, locale, disabledModules } = await requireRoute(request);
  const params = new URL(request.url).searchParams;
  const settings = await inboxSettings(em, project.id);
  const view = viewFromSearch(params, settings.defaultView);
  const modules = await moduleChoices(locale, disabledModules);
  const module = moduleFromSearch(
    params,
    modules.map((choice) => choice.id),
  );
  const { rows, total, unread, all, page } = await inboxPage(em, {
    userId: user.id,
    projectId: project.id,
    view,
    module,
    page: pageFromSearch(params),
    pageSize: settings.pageSize,
  });
  return {
    locale,
    view,
    modules,
    module,
    defaultView: settings.defaultView,
    page,
    pageSize: settings.pageSize,
    total,
    unread,
    hasAny: all > 0,
    notifications: rows.map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body ?? null,
      link: safeLink(row.link ?? null),
      createdAt: row.createdAt.toISOString(),
      read: Boolean(row.readAt),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, locale, disabledModules } = await requireRoute(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const submission = parseWithZod(await readForm(request), { schema: inboxActionSchema });
  if (submission.status !== "success") throw new Response("Bad Request", { status: 400 });
  if (submission.value.intent === "mark-all-read") {
    // On a list filtered to one module, "all" is what the list shows.
    const modules = await moduleChoices(locale, disabledModules);
    const module = moduleFromSearch(
      url.searchParams,
      modules.map((choice) => choice.id),
    );
    await markAllRead(em, user.id, project.id, module);
    return redirectWithToast(back, { type: "success", message: "notifications:toast.allRead" });
  }
  const notification = await markRead(em, user.id, project.id, submission.value.id);
  invariantResponse(notification, "Not Found", 404);
  return redirect(back);
}

export default function NotificationsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("notifications");
  const tabs = [
    { value: "unread", label: t("tabs.unread", { count: data.unread }) },
    { value: "all", label: t("tabs.all") },
  ];
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{t("title")}</h1>
          <p className="mt-1 text-sm text-slate-600">{t("intro")}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to="/notifications/settings" className="text-sm font-medium text-brand-700 hover:underline">
            {t("settingsLink")}
          </Link>
          {data.unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="mark-all-read" />
              <Button type="submit" variant="secondary">
                {t("markAllRead")}
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <ModuleFilter modules={data.modules} selected={data.module} />
      <LinkTabs label={t("tabsLabel")} tabs={tabs} param="view" defaultValue={data.defaultView}>
        {data.notifications.length === 0 ? (
          <EmptyState title={data.hasAny ? t("emptyUnread") : t("empty")} />
        ) : (
          <div className="space-y-3">
            <ul className="divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
              {data.notifications.map((notification) => (
                <NotificationItem key={notification.id} notification={notification} locale={data.locale} />
              ))}
            </ul>
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} />
          </div>
        )}
      </LinkTabs>
    </div>
  );
}

type NotificationView = ReturnType<typeof useLoaderData<typeof loader>>["notifications"][number];

function NotificationItem({ notification, locale }: { notification: NotificationView; locale: Locale }) {
  const { t } = useTranslation("notifications");
  return (
    <li
      className={cn(
        "flex flex-wrap items-start justify-between gap-3 px-4 py-3 sm:px-6",
        !notification.read && "bg-brand-50/40",
      )}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className={cn("text-slate-900", notification.read ? "font-normal" : "font-semibold")}>
            {notification.title}
          </p>
          {notification.read ? null : <StatusBadge tone="info">{t("unread")}</StatusBadge>}
        </div>
        {notification.body ? <p className="text-sm text-slate-700">{notification.body}</p> : null}
        <p className="text-xs text-slate-500">
          <time dateTime={notification.createdAt} suppressHydrationWarning>
            {formatDateTime(notification.createdAt, locale)}
          </time>
          {notification.link ? (
            <>
              {" · "}
              <Link to={notification.link} className="font-medium text-brand-700 hover:underline">
                {t("open")}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      {notification.read ? null : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="mark-read" />
          <input type="hidden" name="id" value={notification.id} />
          <Button type="submit" size="sm" variant="ghost">
            {t("markRead")}
          </Button>
        </Form>
      )}
    </li>
  );
}
