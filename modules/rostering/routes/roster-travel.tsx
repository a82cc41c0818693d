import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { PageHeader } from "~/app/ui/page-header";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { rosterPath } from "../server/accommodation-basics";
import { loadRosterTravel, rosterById, saveRosterTravel } from "../server/travel.server";
import { useAccommodationText } from "../ui/accommodation-text";
import { TravelForm } from "../ui/travel-form";

export const handle = { i18n: ["rostering", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Travel ${data?.page.roster.name ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const roster = await rosterById(context, params.rosterId);
  return { page: await loadRosterTravel(context, roster, new URL(request.url)) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const roster = await rosterById(context, params.rosterId);
  return saveRosterTravel(context, roster, await readForm(request));
}

export default function RosterTravelPage() {
  const { page } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const { t } = useAccommodationText();
  return (
    <div className="space-y-6">
      <Link
        to={rosterPath(page.roster.id)}
        className="inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        ← {t("rostering:travel.back")}
      </Link>
      <PageHeader
        title={t("rostering:travel.title", { roster: page.roster.name })}
        description={t("rostering:travel.intro")}
        actions={
          page.people.length ? (
            <Form method="get">
              <input type="hidden" name="suggest" value="1" />
              <Button type="submit" variant="secondary">
                {t("rostering:travel.suggest")}
              </Button>
            </Form>
          ) : null
        }
      />
      {page.people.length ? (
        <p className="text-sm text-slate-600">{t("rostering:travel.suggestHint")}</p>
      ) : null}
      {page.suggesting ? (
        <p role="status" className="rounded-md bg-sky-50 p-2 text-sm text-sky-900">
          {page.suggestedCount
            ? t("rostering:travel.suggested", { count: page.suggestedCount })
            : t("rostering:travel.nothingToSuggest")}
        </p>
      ) : null}
      {page.people.length === 0 ? (
        <p className="text-sm text-slate-600">{t("rostering:travel.none")}</p>
      ) : (
        <TravelForm page={page} lastResult={lastResult} />
      )}
    </div>
  );
}
