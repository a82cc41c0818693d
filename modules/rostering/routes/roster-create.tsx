import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { projectToday } from "~/server/projects/time-zone.server";
import { addDays } from "../domain/days";
import { ROSTERS_PATH } from "../server/rostering-basics";
import { createRoster, loadRosterCreate } from "../server/rosters.server";
import { RosterCreateForm } from "../ui/roster-create-form";
import { useRosteringText } from "../ui/rostering-text";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction = () => [{ title: "New roster | SiteProof" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const kind = new URL(request.url).searchParams.get("kind") === "composition" ? "composition" : "single";
  const [choices, today] = await Promise.all([
    loadRosterCreate(context),
    projectToday(context.em, context.project),
  ]);
  return { ...choices, kind, defaults: { startsOn: today, endsOn: addDays(today, 27) } } as const;
}

export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return createRoster(context, await readForm(request));
}

/** /rostering/rostering/roster-management/create (?kind=single|composition). */
export default function RosterCreatePage() {
  const { kind, people, crews, allocations, cards, defaults } = useLoaderData<typeof loader>();
  const { t } = useRosteringText();
  return (
    <div className="space-y-6">
      <Link to={`${ROSTERS_PATH}?tab=${kind}`} className="text-sm text-brand-700 hover:underline">
        {t("rostering:back.rosters")}
      </Link>
      <PageHeader
        title={t(`rostering:rosters.create.${kind}`)}
        description={t(`rostering:rosters.createIntro.${kind}`)}
      />
      <RosterCreateForm
        kind={kind}
        people={people}
        crews={crews}
        allocations={allocations}
        cards={cards}
        defaults={defaults}
      />
    </div>
  );
}
