import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { downloadComplianceFile } from "../server/compliance.server";
import { requireHeadContract } from "../server/head-contract.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return downloadComplianceFile(context, await requireHeadContract(context), params.documentId);
}
