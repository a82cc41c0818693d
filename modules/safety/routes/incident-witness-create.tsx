import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { partyCreateAction, partyCreateLoader } from "../server/incident-party-routes.server";
import { PartyFormPage } from "../ui/incident-party-pages";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "Add a witness | SiteProof" }];

export const loader = async ({ request, params }: LoaderFunctionArgs) =>
  partyCreateLoader(await requireRoute(request), params.incidentId);

export const action = async ({ request, params }: ActionFunctionArgs) =>
  partyCreateAction(await requireRoute(request), request, "witness", params.incidentId);

export default function WitnessCreatePage() {
  const { incident } = useLoaderData<typeof loader>();
  return <PartyFormPage kind="witness" incident={incident} party={null} />;
}
