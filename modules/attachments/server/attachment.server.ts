import { Attachment, type IAttachment } from "~/server/db/entities";
import { attachmentOwner } from "~/server/extensions/extensions.server";
import { invariantResponse, isUuid } from "~/server/http/responses";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { attachmentDownload } from "~/server/uploads/index.server";

const NOT_FOUND = "Attachment not found";

/** How the page previews a file: images as a picture, PDFs in a frame, the rest only by download. */
export type AttachmentPreview = "image" | "pdf" | null;

export function previewOf(contentType: string): AttachmentPreview {
  if (contentType === "application/pdf") return "pdf";
  // SVG can carry script: it is downloaded, never shown inline.
  if (contentType.startsWith("image/") && contentType !== "image/svg+xml") return "image";
  return null;
}

/**
 * An attachment this user may open: 404 when the id is not one, the file is another project's (the request's
 * EntityManager sees only the current project), no module that is on owns its kind of record, or the owner
 * says this user does not see the record; 403 when the owning module's permission for the record is not granted.
 */
export async function openAttachment(
  context: ProjectContext,
  id: string | undefined,
): Promise<{ attachment: IAttachment; recordHref: string | null }> {
  invariantResponse(isUuid(id), NOT_FOUND);
  const attachment = await context.em.findOne(Attachment, { id }, { populate: ["uploadedBy"] });
  invariantResponse(attachment, NOT_FOUND);
  const found = await attachmentOwner(context, attachment.entityType);
  invariantResponse(found, NOT_FOUND);
  invariantResponse(context.can(found.owner.permission), "Forbidden", 403);
  // A record its own page hides from this user (a draft, another company's) hides its files too.
  if (found.owner.mayOpen)
    invariantResponse(await found.owner.mayOpen(found.context, attachment.entityId), NOT_FOUND);
  const recordHref = found.owner.recordHref
    ? await found.owner.recordHref(found.context, attachment.entityId)
    : null;
  return { attachment, recordHref };
}

/** The detail page's fields. */
export async function attachmentDetail(context: ProjectContext, id: string | undefined) {
  const { attachment, recordHref } = await openAttachment(context, id);
  return {
    id: attachment.id,
    title: attachment.title,
    description: attachment.description ?? null,
    fileName: attachment.fileName,
    size: Number(attachment.size),
    uploadedAt: attachment.createdAt.toISOString(),
    uploadedBy: attachment.uploadedBy?.name ?? null,
    preview: previewOf(attachment.contentType),
    recordHref,
  };
}

/** The file, shown in the browser (`?inline=1`, images and PDFs only) or downloaded. */
export async function attachmentFile(context: ProjectContext, id: string | undefined, request: Request) {
  const { attachment } = await openAttachment(context, id);
  const inline =
    new URL(request.url).searchParams.get("inline") === "1" && previewOf(attachment.contentType) !== null;
  return attachmentDownload(context.em, attachment.id, { inline });
}
