import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import {
  securityById,
  securityFormValues,
  updateSecurity,
} from "../server/subcontract-changes-securities.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { SubcontractFrame, subcontractHeading } from "../ui/subcontract-changes-frame";
import { SecurityForm } from "../ui/subcontract-changes-securities";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Edit security ${data?.values.reference ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  const security = await securityById(context, subcontract, params.securityId);
  return { subcontract: subcontractHeading(subcontract), values: securityFormValues(security) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  const security = await securityById(context, subcontract, params.securityId);
  return updateSecurity(context, subcontract, security, await readForm(request));
}

/** A security's fields, edited; its release is recorded on the register. */
export default function EditSecurityPage() {
  const { subcontract, values } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <SubcontractFrame subcontract={subcontract} current="securities">
      <SecurityForm subcontractId={subcontract.id} lastResult={lastResult} defaultValue={values} editing />
    </SubcontractFrame>
  );
}
