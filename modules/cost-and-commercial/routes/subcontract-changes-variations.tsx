import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { loadChangePage, transitionChange } from "../server/subcontract-changes.server";
import { CHANGE_INTENTS } from "../server/subcontract-changes-basics";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractFrame } from "../ui/subcontract-changes-frame";
import { ChangeRegister } from "../ui/subcontract-changes-register";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Variations ${data?.subcontract.code ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return loadChangePage(context, subcontract, "variations", new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  if (intent === CHANGE_INTENTS.transition)
    return transitionChange(context, subcontract, "variations", formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A subcontract's variations: totals, each row with its steps (change table), and the add form's link. */
export default function SubcontractVariationsPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <SubcontractFrame subcontract={page.subcontract} current="variations">
      <ChangeRegister
        subcontractId={page.subcontract.id}
        kind="variations"
        register={page.register}
        canCreate={page.canCreate}
        today={page.today}
      />
    </SubcontractFrame>
  );
}
