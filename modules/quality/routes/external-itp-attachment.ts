import type { LoaderFunctionArgs } from "@remix-run/node";
import { externalRoute } from "~/server/permissions/guard.server";
import { downloadItemAttachmentByLink } from "../server/itp-attachments.server";

/** An item's file for the client reviewing through a link (no account): the link's token decides. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { em } = await externalRoute(request);
  const token = new URL(request.url).searchParams.get("token");
  return downloadItemAttachmentByLink(em, params.id, params.attachmentId, token);
}
