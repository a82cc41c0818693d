import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { allocationAction, loadAllocations } from "../server/allocations.server";
import { ALLOCATIONS_PATH } from "../server/rostering-basics";
import { AllocationForm } from "../ui/allocation-form";
import { RegisterRecord } from "../ui/register-record";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Allocation | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadAllocations(await requireRoute(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  return allocationAction(context, requireIntent(context, formData), formData);
}

const EMPTY = {
  role: "",
  peopleNeeded: "1",
  startsOn: "",
  endsOn: "",
  shiftKind: "day",
  requiredTickets: "",
  notes: "",
};

/** /rostering/rostering/allocation: what the project needs, and how much of it the rosters fill. */
export default function AllocationsPage() {
  const { allocations, can } = useLoaderData<typeof loader>();
  const { t, locale } = useRosteringText();
  return (
    <div className="space-y-6">
      <PageHeader title={t("rostering:allocation.title")} description={t("rostering:allocation.intro")} />
      {can.create ? (
        <details className="rounded-lg border border-slate-200 bg-white p-4" open={allocations.length === 0}>
          <summary className="cursor-pointer font-semibold text-slate-900">
            {t("rostering:allocation.add")}
          </summary>
          <div className="mt-3">
            <AllocationForm values={EMPTY} submit={t("rostering:allocation.add")} />
          </div>
        </details>
      ) : null}
      {allocations.length === 0 ? (
        <EmptyState title={t("rostering:allocation.none")} description={t("rostering:allocation.noneHint")} />
      ) : (
        <ul className="space-y-3" aria-label={t("rostering:allocation.title")}>
          {allocations.map((allocation) => {
            const filled = allocation.peopleRostered >= allocation.peopleNeeded;
            return (
              <RegisterRecord
                key={allocation.id}
                className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
                data-allocation={allocation.role}
                recordId={allocation.id}
                editLabel={t("rostering:allocation.edit")}
                canEdit={can.edit}
                form={(action) => (
                  <AllocationForm
                    allocationId={allocation.id}
                    values={allocation.values}
                    submit={t("rostering:save")}
                    action={action}
                  />
                )}
                canDelete={can.delete}
                remove={{
                  summary: t("rostering:allocation.delete"),
                  action: ALLOCATIONS_PATH,
                  intent: "delete",
                  fields: { allocationId: allocation.id },
                  warning: t("rostering:allocation.deleteWarning"),
                  submitLabel: t("rostering:allocation.deleteTitle", { role: allocation.role }),
                }}
              >
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{allocation.role}</span>
                  <span className="text-slate-600">{t(`rostering:shift.${allocation.shiftKind}`)}</span>
                  <StatusBadge tone={filled ? "success" : "warning"}>
                    {t("rostering:allocation.filled", {
                      rostered: allocation.peopleRostered,
                      needed: allocation.peopleNeeded,
                    })}
                  </StatusBadge>
                </p>
                <p className="text-slate-600">
                  {formatDate(allocation.startsOn, locale)} – {formatDate(allocation.endsOn, locale)}
                  {allocation.requiredTickets.length > 0
                    ? ` · ${t("rostering:allocation.tickets", { tickets: allocation.requiredTickets.join(", ") })}`
                    : ""}
                </p>
                {allocation.notes ? (
                  <p className="whitespace-pre-line break-words text-slate-600">{allocation.notes}</p>
                ) : null}
              </RegisterRecord>
            );
          })}
        </ul>
      )}
    </div>
  );
}
