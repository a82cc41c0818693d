import type { Readable } from "node:stream";
import { AccHttpClient, type AccRetryOptions } from "~/plugins/acc/acc-http.server";
import {
  type DocumentDestination,
  type DocumentService,
  DocumentServiceError,
  type DocumentServiceStatus,
  type DocumentToSend,
  folderPathParts,
  type SentDocument,
} from "./document-service";

export { ACC_BASE_URL, type AccRetryOptions } from "~/plugins/acc/acc-http.server";

/** A project's link to Autodesk Construction Cloud Docs (hub and project ids as the Data API spells them: "b.…"). */
export type AccSettings = {
  hubId: string;
  projectId: string;
  clientId: string;
  clientSecret: string;
  /** Autodesk Platform Services; tests point it at the fake server. */
  baseUrl?: string;
};

const JSON_API = { version: "1.0" } as const;
const SCOPES = "data:read data:write data:create";

type JsonApiResource = {
  type: string;
  id: string;
  attributes?: { name?: string; displayName?: string };
  links?: { webView?: { href?: string } };
  relationships?: { tip?: { data?: { id: string } } };
};

/** The storage object's URN "urn:adsk.objects:os.object:<bucketKey>/<objectKey>" split for the OSS API. */
export function bucketAndObject(storageId: string): { bucketKey: string; objectKey: string } {
  const match = /^urn:adsk\.objects:os\.object:([^/]+)\/(.+)$/.exec(storageId);
  if (!match) throw new DocumentServiceError(`ACC answered with an unexpected storage id: ${storageId}`);
  return { bucketKey: match[1], objectKey: match[2] };
}

/**
 * Sends files to ACC Docs with the Data Management API's upload flow: a two-legged token, the folder
 * (the project's top folder named by the path's first part, sub-folders by name, made when missing), a
 * storage object, a signed S3 upload (GET the URL, PUT the bytes, POST to complete), then the first version
 * (POST items) or, when the folder holds a file of that name, a new version (POST versions).
 */
export class AccDocumentService implements DocumentService {
  readonly kind = "acc" as const;
  /** Token, retries and errors: the ACC HTTP core shared with the other ACC clients (plugins/acc). */
  private readonly http: AccHttpClient;

  constructor(
    private readonly settings: AccSettings,
    retry: Partial<AccRetryOptions> = {},
  ) {
    this.http = new AccHttpClient(settings, {
      scopes: SCOPES,
      retry,
      errorOf: (error) => new DocumentServiceError(error.message, error.status),
    });
  }

  private api<T>(what: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    return this.http.json<T>(what, method, path, { body, mediaType: "application/vnd.api+json" });
  }

  private get project() {
    return encodeURIComponent(this.settings.projectId);
  }

  private async topFolders(): Promise<JsonApiResource[]> {
    const hub = encodeURIComponent(this.settings.hubId);
    const answer = await this.api<{ data: JsonApiResource[] }>(
      "Reading the project's top folders",
      "GET",
      `/project/v1/hubs/${hub}/projects/${this.project}/topFolders`,
    );
    return answer.data;
  }

  private async contents(folderId: string, type: "folders" | "items", name: string) {
    const query = new URLSearchParams({ "filter[type]": type, "filter[attributes.displayName]": name });
    const answer = await this.api<{ data: JsonApiResource[] }>(
      `Reading folder ${name}`,
      "GET",
      `/data/v1/projects/${this.project}/folders/${encodeURIComponent(folderId)}/contents?${query}`,
    );
    return answer.data.filter(
      (entry) => entry.type === type && (entry.attributes?.displayName ?? entry.attributes?.name) === name,
    );
  }

  /** The folder's id: the top folder named by the first part, then each sub-folder, made when missing. */
  async folderId(folderPath: string): Promise<string> {
    const [top, ...rest] = folderPathParts(folderPath);
    const named = (folders: JsonApiResource[]) =>
      folders.find((folder) => (folder.attributes?.displayName ?? folder.attributes?.name) === top);
    const root = named(await this.topFolders());
    if (!root) throw new DocumentServiceError(`ACC has no top folder named "${top}" in this project`);
    let parentId = root.id;
    for (const name of rest) {
      const [existing] = await this.contents(parentId, "folders", name);
      parentId = existing
        ? existing.id
        : (
            await this.api<{ data: JsonApiResource }>(
              `Creating folder ${name}`,
              "POST",
              `/data/v1/projects/${this.project}/folders`,
              {
                jsonapi: JSON_API,
                data: {
                  type: "folders",
                  attributes: { name, extension: { type: "folders:autodesk.bim360:Folder", version: "1.0" } },
                  relationships: { parent: { data: { type: "folders", id: parentId } } },
                },
              },
            )
          ).data.id;
    }
    return parentId;
  }

  private async upload(storageId: string, file: DocumentToSend) {
    if (file.size === undefined) throw new DocumentServiceError("ACC needs the file's size to upload it");
    const { bucketKey, objectKey } = bucketAndObject(storageId);
    const objectPath = `/oss/v2/buckets/${encodeURIComponent(bucketKey)}/objects/${encodeURIComponent(objectKey)}/signeds3upload`;
    const signed = await this.api<{ uploadKey: string; urls: string[] }>(
      "Asking for an upload link",
      "GET",
      objectPath,
    );
    const url = signed.urls[0];
    if (!url) throw new DocumentServiceError("ACC gave no upload link");
    let streamUsed = false;
    const size = file.size;
    const put = async () => {
      // A retried PUT needs the bytes again: only when the caller can open the file once more.
      let body: Readable;
      if (!streamUsed) {
        streamUsed = true;
        body = file.stream;
      } else if (file.reopen) body = await file.reopen();
      else throw new DocumentServiceError("The upload failed and the file cannot be read again");
      return fetch(url, {
        method: "PUT",
        headers: { "content-length": String(size) },
        body: body as unknown as BodyInit,
        duplex: "half",
      } as RequestInit);
    };
    await this.http.call("Uploading the file", put);
    await this.api("Completing the upload", "POST", objectPath, { uploadKey: signed.uploadKey });
  }

  async send(file: DocumentToSend, destination: DocumentDestination): Promise<SentDocument> {
    const folderId = await this.folderId(destination.folderPath);
    const storage = await this.api<{ data: JsonApiResource }>(
      "Creating the storage object",
      "POST",
      `/data/v1/projects/${this.project}/storage`,
      {
        jsonapi: JSON_API,
        data: {
          type: "objects",
          attributes: { name: file.fileName },
          relationships: { target: { data: { type: "folders", id: folderId } } },
        },
      },
    );
    await this.upload(storage.data.id, file);
    const versionAttributes = {
      name: file.fileName,
      extension: { type: "versions:autodesk.bim360:File", version: "1.0" },
    };
    const storageLink = { data: { type: "objects", id: storage.data.id } };
    const [existing] = await this.contents(folderId, "items", file.fileName);
    if (existing) {
      const version = await this.api<{ data: JsonApiResource }>(
        "Adding a version",
        "POST",
        `/data/v1/projects/${this.project}/versions`,
        {
          jsonapi: JSON_API,
          data: {
            type: "versions",
            attributes: versionAttributes,
            relationships: { item: { data: { type: "items", id: existing.id } }, storage: storageLink },
          },
        },
      );
      return {
        reference: version.data.id,
        url: version.data.links?.webView?.href ?? existing.links?.webView?.href ?? null,
        outcome: "versioned",
      };
    }
    const item = await this.api<{ data: JsonApiResource; included?: JsonApiResource[] }>(
      "Creating the document",
      "POST",
      `/data/v1/projects/${this.project}/items`,
      {
        jsonapi: JSON_API,
        data: {
          type: "items",
          attributes: {
            displayName: file.fileName,
            extension: { type: "items:autodesk.bim360:File", version: "1.0" },
          },
          relationships: {
            tip: { data: { type: "versions", id: "1" } },
            parent: { data: { type: "folders", id: folderId } },
          },
        },
        included: [
          {
            type: "versions",
            id: "1",
            attributes: versionAttributes,
            relationships: { storage: storageLink },
          },
        ],
      },
    );
    const version = item.included?.find((entry) => entry.type === "versions");
    return {
      reference: version?.id ?? item.data.id,
      url: item.data.links?.webView?.href ?? null,
      outcome: "created",
    };
  }

  /** Signs in and reads the project's top folders: the settings are right and the app is provisioned. */
  async status(): Promise<DocumentServiceStatus> {
    try {
      const folders = await this.topFolders();
      return {
        ok: true,
        detail: folders.map((folder) => folder.attributes?.displayName ?? folder.id).join(", "),
      };
    } catch (error) {
      return { ok: false, error: (error as Error).message };
    }
  }
}
