import { Link } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { type NavTabItem, NavTabs } from "./nav-tabs";
import { PageHeader, type PageHeaderProps } from "./page-header";

type DetailPageProps = PageHeaderProps & {
  /** The register the record belongs to. */
  back?: { to: string; label: string };
  /** A full-width row under the header: workflow buttons, an inline confirmation. */
  toolbar?: React.ReactNode;
  /** The record's sections when each is its own route (Detail, ITP, HP/WP). */
  tabs?: { label: string; items: NavTabItem[] };
  /** The record's history (an ActivityList), after the content. */
  activity?: React.ReactNode;
  children: React.ReactNode;
};

/** One record's page: back to its register, its header and actions, its tabs, the content, its history. */
export function DetailPage({ back, toolbar, tabs, activity, children, ...header }: DetailPageProps) {
  const { t } = useTranslation("ui");
  const activityId = useId();
  return (
    <div className="space-y-6">
      {back ? (
        <Link to={back.to} className="inline-block text-sm font-medium text-brand-700 hover:underline">
          ← {back.label}
        </Link>
      ) : null}
      <div className="space-y-4">
        <PageHeader {...header} />
        {toolbar}
      </div>
      {tabs ? <NavTabs label={tabs.label} tabs={tabs.items} /> : null}
      <div className="min-w-0">{children}</div>
      {activity ? (
        <section
          aria-labelledby={activityId}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id={activityId} className="text-base font-semibold text-slate-900">
            {t("detailPage.activity")}
          </h2>
          {activity}
        </section>
      ) : null}
    </div>
  );
}
