import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { commercialPicture } from "../server/cnc-home.server";
import { CALENDAR_PATH, CLAIMS_DUE_DAYS, DOWNSTREAM_PATH, upstreamPath } from "../server/upstream-basics";
import { ContractStatusBadge, useUpstreamText } from "../ui/upstream-text";

export const handle = { i18n: ["cost-and-commercial", "common"] };

export const meta: MetaFunction = () => [{ title: "Cost and Commercial | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return commercialPicture(context.em, context.project);
}

/**
 * /cost-and-commercial/home: the head contract's sum against what was claimed, certified and paid; the claims
 * whose payment schedule or payment falls due within 14 days, and those overdue; the overdue reminders.
 */
export default function CommercialHomePage() {
  const { contract, claimsDue, claimsOverdue, overdueReminders, today } = useLoaderData<typeof loader>();
  const { t, money, day } = useUpstreamText();
  const figure = (label: string, cents: number) => (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums text-slate-900">{money(cents)}</dd>
    </div>
  );
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("cost-and-commercial:home.title")}</h1>
        <p className="text-sm text-slate-600">{t("cost-and-commercial:home.intro", { today: day(today) })}</p>
      </div>
      <section aria-labelledby="cnc-contract" className="space-y-3">
        <h2 id="cnc-contract" className="text-lg font-semibold text-slate-900">
          {t("cost-and-commercial:home.contractHeading")}
        </h2>
        {contract ? (
          <>
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span className="font-medium">{contract.code}</span> <span>{contract.client}</span>
              <ContractStatusBadge status={contract.status} />
            </p>
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              {figure(t("cost-and-commercial:home.contractSum"), contract.contractSumCents)}
              {figure(t("cost-and-commercial:home.claimed"), contract.claimedCents)}
              {figure(t("cost-and-commercial:home.certified"), contract.certifiedCents)}
              {figure(t("cost-and-commercial:home.remaining"), contract.remainingCents)}
            </dl>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t("cost-and-commercial:home.noContract")}</p>
        )}
      </section>
      <div className="grid gap-6 lg:grid-cols-3">
        <DueList
          id="cnc-overdue"
          title={t("cost-and-commercial:home.claimsOverdue")}
          empty={t("cost-and-commercial:home.noneOverdue")}
          items={claimsOverdue.map((item) => ({
            key: item.id,
            href: item.href,
            label: t(`cost-and-commercial:home.deadline.${item.deadline}`, { number: item.number }),
            when: day(item.dueOn),
            urgent: true,
          }))}
        />
        <DueList
          id="cnc-due"
          title={t("cost-and-commercial:home.claimsDue", { days: CLAIMS_DUE_DAYS })}
          empty={t("cost-and-commercial:home.noneDue")}
          items={claimsDue.map((item) => ({
            key: item.id,
            href: item.href,
            label: t(`cost-and-commercial:home.deadline.${item.deadline}`, { number: item.number }),
            when: day(item.dueOn),
            urgent: false,
          }))}
        />
        <DueList
          id="cnc-reminders"
          title={t("cost-and-commercial:home.overdueReminders")}
          empty={t("cost-and-commercial:home.noReminders")}
          items={overdueReminders.map((item) => ({
            key: item.id,
            href: CALENDAR_PATH,
            label: `${item.number} ${item.title}`,
            when: day(item.dueOn),
            urgent: true,
          }))}
        />
      </div>
      <nav aria-label={t("cost-and-commercial:home.linksLabel")} className="flex flex-wrap gap-4 text-sm">
        <Link to={upstreamPath()} className="font-medium text-brand-700 hover:underline">
          {t("cost-and-commercial:nav.upstream")}
        </Link>
        <Link to={DOWNSTREAM_PATH} className="font-medium text-brand-700 hover:underline">
          {t("cost-and-commercial:home.downstream")}
        </Link>
        <Link to={CALENDAR_PATH} className="font-medium text-brand-700 hover:underline">
          {t("cost-and-commercial:home.calendar")}
        </Link>
      </nav>
    </div>
  );
}

function DueList({
  id,
  title,
  empty,
  items,
}: {
  id: string;
  title: string;
  empty: string;
  items: { key: string; href: string; label: string; when: string; urgent: boolean }[];
}) {
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={id} className="font-semibold text-slate-900">
        {title} <span className="text-slate-500">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap justify-between gap-2">
              <Link to={item.href} className="font-medium text-brand-700 hover:underline">
                {item.label}
              </Link>
              <span className={item.urgent ? "text-red-700" : "text-slate-600"}>{item.when}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
