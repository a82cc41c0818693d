import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EditInPlace } from "~/app/ui/edit-in-place";
import { EmptyState } from "~/app/ui/empty-state";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { crewAction, loadCrews } from "../server/crews.server";
import { CREWS_PATH } from "../server/rostering-basics";
import { CrewForm } from "../ui/crew-form";
import { RegisterRecord } from "../ui/register-record";
import { useRosteringText } from "../ui/rostering-text";
import { TemplateLinks } from "../ui/template-links";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "Crews | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCrews(await requireRoute(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  return crewAction(context, requireIntent(context, formData), formData);
}

/** /rostering/rostering/crew: crews with their lead and members; a composition roster rosters a crew at once. */
export default function CrewsPage() {
  const { crews, people, can } = useLoaderData<typeof loader>();
  const { t } = useRosteringText();
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("rostering:crew.title")}
        description={t("rostering:crew.intro")}
        actions={<TemplateLinks kind="CrewTemplate" canImport={can.create} />}
      />
      {can.create ? (
        <EditInPlace recordId="new" label={t("rostering:crew.add")}>
          {(action) => (
            <CrewForm
              values={{ name: "", leadId: "", memberIds: [] }}
              people={people}
              submit={t("rostering:crew.add")}
              action={action}
            />
          )}
        </EditInPlace>
      ) : null}
      {crews.length === 0 ? (
        <EmptyState title={t("rostering:crew.none")} description={t("rostering:crew.noneHint")} />
      ) : (
        <ul className="space-y-3" aria-label={t("rostering:crew.title")}>
          {crews.map((crew) => (
            <RegisterRecord
              key={crew.id}
              className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 text-sm"
              data-crew={crew.name}
              recordId={crew.id}
              editLabel={t("rostering:crew.edit")}
              canEdit={can.edit}
              form={(action) => (
                <CrewForm
                  crewId={crew.id}
                  values={crew.values}
                  people={people}
                  submit={t("rostering:save")}
                  action={action}
                />
              )}
              canDelete={can.delete}
              remove={{
                summary: t("rostering:crew.delete"),
                action: CREWS_PATH,
                intent: "delete",
                fields: { crewId: crew.id },
                submitLabel: t("rostering:crew.deleteTitle", { name: crew.name }),
              }}
            >
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-slate-900">{crew.name}</span>
                <span className="text-slate-600">
                  {t("rostering:crew.lead", { name: crew.lead ?? "-" })} ·{" "}
                  {t("rostering:crew.memberCount", { count: crew.members.length })}
                </span>
              </p>
              <p className="break-words text-slate-600">
                {crew.members.map((member) => `${member.name} (${member.role})`).join(", ") ||
                  t("rostering:crew.noMembers")}
              </p>
            </RegisterRecord>
          ))}
        </ul>
      )}
    </div>
  );
}
