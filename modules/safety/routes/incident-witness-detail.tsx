import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { partyDeleteAction, partyLoader } from "../server/incident-party-routes.server";
import { PartyDetailPage } from "../ui/incident-party-pages";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.party.fullName ?? "Witness"} | SiteProof` },
];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  partyLoader(await requireRoute(request), "witness", params.incidentId, params.witnessId, false);

/** Removing the witness (the only intent here): whoever may change the injury details now. */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  requireIntent(context, await readForm(request));
  return partyDeleteAction(context, "witness", params.incidentId, params.witnessId);
}

export default function WitnessDetailPage() {
  const { incident, party, canEdit } = useLoaderData<typeof loader>();
  return <PartyDetailPage kind="witness" incident={incident} party={party} canEdit={canEdit} />;
}
