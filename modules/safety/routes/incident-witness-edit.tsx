import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { partyEditAction, partyLoader } from "../server/incident-party-routes.server";
import { PartyFormPage } from "../ui/incident-party-pages";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Edit witness | SiteProof" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  partyLoader(await requireRoute(request), "witness", params.incidentId, params.witnessId, true);

export const action = async ({ request, params }: ActionFunctionArgs) =>
  partyEditAction(await requireRoute(request), request, "witness", params.incidentId, params.witnessId);

export default function WitnessEditPage() {
  const { incident, party } = useLoaderData<typeof loader>();
  return <PartyFormPage kind="witness" incident={incident} party={party} />;
}
