import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireRoute } from "~/server/permissions/guard.server";
import { deleteItemAttachment, downloadItemAttachment } from "../server/itp-attachments.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  return downloadItemAttachment(await requireRoute(request), params.id, params.attachmentId);
}

/** Removal (the only thing posted here); quality.itp.edit and a draft ITP. */
export async function action({ request, params }: ActionFunctionArgs) {
  return deleteItemAttachment(await requireRoute(request), params.id, params.attachmentId);
}
