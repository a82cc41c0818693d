import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { FileDrop } from "~/app/ui/file-drop";
import { formatFileSize } from "~/app/ui/file-size";
import type { RecordFile } from "~/server/uploads/record-files.server";

/**
 * A record's photos (an observation's, a talk's group photos, a site diary's): images shown, videos listed, each with
 * its remove form for those who may; the upload form for those who may add. Plain forms: no script needed. Each
 * opens on the core attachment page (/attachments/:id: its details, preview and download).
 */
export function RecordPhotos({
  id,
  files,
  fileHref,
  pagePath,
  deleteIntent,
  canAdd,
  texts,
}: {
  /** The section's heading id. */
  id: string;
  files: Pick<RecordFile, "id" | "fileName" | "size" | "kind" | "mayDelete">[];
  /** The file itself, shown as the picture. */
  fileHref: (fileId: string) => string;
  /** The record's page (the remove intent posts there; uploads go to its `/photos`). */
  pagePath: string;
  deleteIntent: string;
  canAdd: boolean;
  texts: {
    title: string;
    none: string;
    delete: string;
    deleteFile: (fileName: string) => string;
    choose: string;
    upload: string;
  };
}) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {texts.title}
      </h2>
      {files.length === 0 ? (
        <p className="text-sm text-slate-500">{texts.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-3 text-sm">
          {files.map((file) => {
            return (
              <li key={file.id} className="w-28 space-y-1">
                {/* One link per file: the picture (its name is the caption, so the image is decorative) and the name. */}
                <a
                  href={`/attachments/${file.id}`}
                  className="block break-all text-xs text-brand-700 hover:underline"
                >
                  {file.kind === "image" ? (
                    <img
                      src={fileHref(file.id)}
                      alt=""
                      loading="lazy"
                      className="mb-1 h-28 w-28 rounded object-cover"
                    />
                  ) : null}
                  {file.fileName}
                </a>
                <span className="block text-xs text-slate-500">{formatFileSize(file.size)}</span>
                {file.mayDelete ? (
                  <Form method="post" action={pagePath}>
                    <input type="hidden" name="intent" value={deleteIntent} />
                    <input type="hidden" name="fileId" value={file.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="secondary"
                      aria-label={texts.deleteFile(file.fileName)}
                    >
                      {texts.delete}
                    </Button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canAdd ? (
        <Form method="post" encType="multipart/form-data" action={`${pagePath}/photos`} className="space-y-2">
          <FileDrop label={texts.choose} name="files" accept="image/*,video/*" multiple required />
          <Button type="submit" size="sm" variant="secondary">
            {texts.upload}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
