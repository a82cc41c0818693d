import { Form } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/app/ui/button";
import { formatFileSize } from "~/app/ui/file-size";
import type { RecordFile } from "~/server/uploads/record-files.server";

export type RecordFilesText = { title: string; none: string; choose: string; upload: string };

/**
 * A quality record's photos (shown) and documents (listed), and the upload form for those who may add —
 * a plain multipart form, so it works without JavaScript. `basePath` is the record's page: files are at
 * `<basePath>/files/<id>` and the form posts to `<basePath>/files`. Each file opens on the core attachment page.
 */
export function RecordFiles({
  basePath,
  files,
  canAdd,
  text,
}: {
  basePath: string;
  files: RecordFile[];
  canAdd: boolean;
  text: RecordFilesText;
}) {
  const id = useId();
  const href = (fileId: string) => `${basePath}/files/${fileId}`;
  const photos = files.filter((file) => file.isImage);
  const documents = files.filter((file) => !file.isImage);
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {text.title}
      </h2>
      {files.length === 0 ? <p className="text-sm text-slate-500">{text.none}</p> : null}
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {photos.map((file) => (
            <li key={file.id}>
              <a href={`/attachments/${file.id}`} className="block">
                <img
                  src={href(file.id)}
                  alt={file.fileName}
                  loading="lazy"
                  className="h-32 w-full rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {documents.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {documents.map((file) => (
            <li key={file.id} className="flex items-center gap-2">
              <a href={`/attachments/${file.id}`} className="break-all text-brand-700 hover:underline">
                {file.fileName}
              </a>
              <span className="whitespace-nowrap text-xs text-slate-500">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <Form
          method="post"
          encType="multipart/form-data"
          action={`${basePath}/files`}
          className="flex flex-wrap items-center gap-2"
        >
          <label className="text-sm text-slate-800" htmlFor={`${id}-input`}>
            {text.choose}
          </label>
          <input
            id={`${id}-input`}
            type="file"
            name="files"
            multiple
            required
            className="max-w-full text-sm"
          />
          <Button type="submit" size="sm" variant="secondary">
            {text.upload}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
