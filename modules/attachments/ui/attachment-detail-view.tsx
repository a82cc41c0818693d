import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { formatFileSize } from "~/app/ui/file-size";
import { PageHeader } from "~/app/ui/page-header";
import { usePageText } from "~/app/ui/use-page-text";
import { formatDateTime } from "~/app/utils/format";
import type { loader } from "../routes/attachment-detail";

/** One attachment: its fields, a preview of an image or a PDF, and the download. */
export function AttachmentDetailView() {
  const attachment = useLoaderData<typeof loader>();
  const { t, locale } = usePageText(["attachments", "common"]);
  const file = `/attachments/${attachment.id}/file`;
  return (
    <div className="space-y-6">
      <PageHeader
        title={attachment.title}
        actions={
          <a href={file} download={attachment.fileName} className={buttonClass()}>
            {t("attachments:download")}
          </a>
        }
      />
      {attachment.recordHref ? (
        <Link to={attachment.recordHref} className="text-sm text-brand-700 hover:underline">
          {t("attachments:backToRecord")}
        </Link>
      ) : null}
      <DetailFields
        rows={[
          { label: t("attachments:fields.title"), value: attachment.title },
          { label: t("attachments:fields.description"), value: attachment.description ?? "-" },
          {
            label: t("attachments:fields.file"),
            value: `${attachment.fileName} (${formatFileSize(attachment.size)})`,
          },
          { label: t("attachments:fields.uploadedAt"), value: formatDateTime(attachment.uploadedAt, locale) },
          { label: t("attachments:fields.uploadedBy"), value: attachment.uploadedBy ?? "-" },
        ]}
      />
      <section
        aria-label={t("attachments:preview")}
        className="rounded-lg bg-white p-2 ring-1 ring-slate-200"
      >
        {attachment.preview === "image" ? (
          <img src={`${file}?inline=1`} alt={attachment.title} className="mx-auto max-h-[70vh] max-w-full" />
        ) : attachment.preview === "pdf" ? (
          <iframe src={`${file}?inline=1`} title={attachment.title} className="h-[70vh] w-full" />
        ) : (
          <p className="p-4 text-sm text-slate-600">{t("attachments:noPreview")}</p>
        )}
      </section>
    </div>
  );
}
