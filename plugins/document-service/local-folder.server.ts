import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type DocumentDestination,
  type DocumentService,
  DocumentServiceError,
  type DocumentToSend,
  folderPathParts,
  type SentDocument,
} from "./document-service";

/** The page that serves a locally kept document back (guarded: a member of its project only). */
export const LOCAL_DOCUMENT_PATH = "/project-settings/document-service/files";

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LocalDocumentInfo = { fileName: string; contentType: string; folderPath: string; sentAt: string };

/**
 * The default document service: a folder on this machine (`${DATA_DIR}/documents`), one sub-folder per
 * project, each file under a generated id with its name and folder path beside it (never a user's name on
 * the file system). Nothing to install; the product serves the files back through LOCAL_DOCUMENT_PATH.
 */
export class LocalDocumentService implements DocumentService {
  readonly kind = "local" as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathsOf(projectId: string, id: string) {
    if (!ID_PATTERN.test(projectId) || !ID_PATTERN.test(id))
      throw new DocumentServiceError("Not a document reference");
    const folder = resolve(this.root, projectId);
    if (!folder.startsWith(this.root + sep)) throw new DocumentServiceError("Not a document reference");
    return { folder, file: join(folder, id), info: join(folder, `${id}.json`) };
  }

  async send(file: DocumentToSend, destination: DocumentDestination): Promise<SentDocument> {
    const folderPath = folderPathParts(destination.folderPath).join("/");
    const id = randomUUID();
    const paths = this.pathsOf(destination.projectId, id);
    await mkdir(paths.folder, { recursive: true });
    const partial = `${paths.file}.partial`;
    try {
      await pipeline(file.stream, createWriteStream(partial, { flags: "wx" }));
      const info: LocalDocumentInfo = {
        fileName: file.fileName,
        contentType: file.contentType,
        folderPath,
        sentAt: new Date().toISOString(),
      };
      await writeFile(paths.info, JSON.stringify(info));
      await rename(partial, paths.file);
    } catch (error) {
      await rm(partial, { force: true });
      await rm(paths.info, { force: true });
      throw error;
    }
    return {
      reference: `${destination.projectId}/${id}`,
      url: `${LOCAL_DOCUMENT_PATH}/${id}`,
      outcome: "created",
    };
  }

  /** A kept document of the project, or null (unknown id, or another project's). */
  async read(
    projectId: string,
    id: string,
  ): Promise<(LocalDocumentInfo & { stream: Readable; size: number }) | null> {
    if (!ID_PATTERN.test(id)) return null;
    const paths = this.pathsOf(projectId, id);
    const size = await stat(paths.file).then(
      (info) => (info.isFile() ? info.size : null),
      () => null,
    );
    if (size === null) return null;
    const info = JSON.parse(await readFile(paths.info, "utf8")) as LocalDocumentInfo;
    return { ...info, stream: createReadStream(paths.file), size };
  }

  async status() {
    await mkdir(this.root, { recursive: true });
    return { ok: true as const, detail: "local" };
  }
}
