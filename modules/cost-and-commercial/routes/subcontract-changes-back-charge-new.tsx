import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { createChange, takesChanges } from "../server/subcontract-changes.server";
import { requireSubcontract } from "../server/subcontract-lookup.server";
import { ChangeForm } from "../ui/subcontract-changes-form";
import { SubcontractFrame, subcontractHeading } from "../ui/subcontract-changes-frame";

export const handle = { i18n: ["cost-and-commercial", "common", "ui"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `New back charge ${data?.subcontract.code ?? ""} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return { subcontract: subcontractHeading(subcontract), open: takesChanges(subcontract) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const subcontract = await requireSubcontract(context, params.subcontractId);
  return createChange(context, subcontract, "back-charges", await readForm(request));
}

/** A new back charge of the subcontract, numbered automatically; it starts as a draft. */
export default function NewBackChargePage() {
  const { subcontract, open } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  return (
    <SubcontractFrame subcontract={subcontract} current="back-charges">
      <ChangeForm subcontractId={subcontract.id} kind="back-charges" lastResult={lastResult} open={open} />
    </SubcontractFrame>
  );
}
