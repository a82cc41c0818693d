import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { partyDeleteAction, partyLoader } from "../server/incident-party-routes.server";
import { PartyDetailPage } from "../ui/incident-party-pages";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.party.fullName ?? "Victim"} | SiteProof` },
];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  partyLoader(await requireRoute(request), "victims", params.incidentId, params.victimId, false);

/** Removing the victim (the only intent here): whoever may change the injury details now. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  requireIntent(context, await readForm(request));
  return partyDeleteAction(context, "victims", params.incidentId, params.victimId);
}

export default function VictimDetailPage() {
  const { incident, party, canEdit } = useLoaderData<typeof loader>();
  return <PartyDetailPage kind="victims" incident={incident} party={party} canEdit={canEdit} />;
}
