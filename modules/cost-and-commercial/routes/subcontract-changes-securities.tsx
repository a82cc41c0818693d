import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { SECURITY_INTENTS } from "../server/subcontract-changes-basics";
import { loadSecurityPage, releaseSecurity } from "../server/subcontract-changes-securities.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractFrame } from "../ui/subcontract-changes-frame";
import { SecurityRegister } from "../ui/subcontract-changes-securities";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Securities ${data?.subcontract.code ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return loadSecurityPage(context, subcontract, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  if (intent === SECURITY_INTENTS.release) return releaseSecurity(context, subcontract, formData);
  throw new Response("Unknown intent", { status: 400 });
}

/** A subcontract's supplier securities, with their expiry warnings; edit-supplier adds, edits and releases them. */
export default function SubcontractSecuritiesPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <SubcontractFrame subcontract={page.subcontract} current="securities">
      <SecurityRegister
        subcontractId={page.subcontract.id}
        register={page.register}
        canEdit={page.canEdit}
        today={page.today}
      />
    </SubcontractFrame>
  );
}
