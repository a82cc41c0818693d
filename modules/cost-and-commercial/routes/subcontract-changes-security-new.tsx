import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createSecurity } from "../server/subcontract-changes-securities.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractFrame, subcontractHeading } from "../ui/subcontract-changes-frame";
import { SecurityForm } from "../ui/subcontract-changes-securities";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `New security ${data?.subcontract.code ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return { subcontract: subcontractHeading(subcontract) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return createSecurity(context, subcontract, await readForm(request));
}

/** A new security the subcontractor gave: its kind, reference, issuer, amount, and issue and expiry days. */
export default function NewSecurityPage() {
  const { subcontract } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <SubcontractFrame subcontract={subcontract} current="securities">
      <SecurityForm subcontractId={subcontract.id} lastResult={lastResult} editing={false} />
    </SubcontractFrame>
  );
}
