import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { attachmentDetail } from "../server/attachment.server";
import { AttachmentDetailView } from "../ui/attachment-detail-view";

export const meta: MetaFunction = () => [{ title: "Attachment | SiteProof" }];
export const handle = { i18n: ["attachments"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return attachmentDetail(context, params.id);
}

export default function AttachmentDetailPage() {
  return <AttachmentDetailView />;
}
