import type { Readable } from "node:stream";
import pRetry, { AbortError } from "p-retry";
import {
  type DocumentDestination,
  type DocumentService,
  DocumentServiceError,
  type DocumentServiceStatus,
  type DocumentToSend,
  folderPathParts,
  type SentDocument,
} from "./document-service";

/** A project's link to Autodesk Construction Cloud Docs (hub and project ids as the Data API spells them: "b.…"). */
export type AccSettings = {
  hubId: string;
  projectId: string;
  clientId: string;
  clientSecret: string;
  /** Autodesk Platform Services; tests point it at the fake server. */
  baseUrl?: string;
};

export type AccRetryOptions = { retries: number; minTimeoutMs: number; maxRetryAfterMs: number };

export const ACC_BASE_URL = "https://developer.api.autodesk.com";
const DEFAULT_RETRY: AccRetryOptions = { retries: 4, minTimeoutMs: 500, maxRetryAfterMs: 60_000 };
const JSON_API = { version: "1.0" } as const;
const SCOPES = "data:read data:write data:create";

type JsonApiResource = {
  type: string;
  id: string;
  attributes?: { name?: string; displayName?: string };
  links?: { webView?: { href?: string } };
  relationships?: { tip?: { data?: { id: string } } };
};

/** An HTTP failure: retried when the server is busy (429, honouring Retry-After) or failing (5xx). */
class AccHttpError extends DocumentServiceError {
  constructor(
    message: string,
    override readonly status: number,
    readonly retryAfterMs: number | null,
  ) {
    super(message, status);
  }
}

const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get("retry-after");
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

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
  private readonly baseUrl: string;
  private readonly retry: AccRetryOptions;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly settings: AccSettings,
    retry: Partial<AccRetryOptions> = {},
  ) {
    this.baseUrl = (settings.baseUrl ?? ACC_BASE_URL).replace(/\/$/, "");
    this.retry = { ...DEFAULT_RETRY, ...retry };
  }

  /** One HTTP call with retries on 429 and 5xx; other failures stop at once with ACC's message. */
  private async call<T>(what: string, attempt: () => Promise<Response>): Promise<T> {
    return pRetry(
      async () => {
        let response: Response;
        try {
          response = await attempt();
        } catch (error) {
          if (error instanceof DocumentServiceError) throw new AbortError(error);
          // The network failed (refused, reset): as worth retrying as a 5xx.
          throw new AccHttpError(`${what}: ${(error as Error).message}`, 0, null);
        }
        if (response.ok) {
          const text = await response.text();
          return (text ? JSON.parse(text) : {}) as T;
        }
        const body = (await response.text()).slice(0, 300);
        const error = new AccHttpError(
          `${what} failed: HTTP ${response.status}${body ? ` ${body}` : ""}`,
          response.status,
          retryAfterOf(response),
        );
        if (retryable(response.status)) throw error;
        throw new AbortError(error);
      },
      {
        retries: this.retry.retries,
        minTimeout: this.retry.minTimeoutMs,
        factor: 2,
        randomize: true,
        onFailedAttempt: async ({ error, retriesLeft, retryDelay }) => {
          // Retry-After says when the service takes calls again: wait at least that long (within reason).
          const asked = error instanceof AccHttpError ? error.retryAfterMs : null;
          if (retriesLeft > 0 && asked !== null && asked > retryDelay)
            await new Promise((resolve) =>
              setTimeout(resolve, Math.min(asked, this.retry.maxRetryAfterMs) - retryDelay),
            );
        },
      },
    ).catch((error: unknown) => {
      if (error instanceof AccHttpError && retryable(error.status))
        throw new DocumentServiceError(
          `${error.message} (gave up after ${this.retry.retries + 1} attempts)`,
          error.status,
        );
      throw error;
    });
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const basic = Buffer.from(`${this.settings.clientId}:${this.settings.clientSecret}`).toString("base64");
    const answer = await this.call<{ access_token: string; expires_in: number }>("ACC sign-in", () =>
      fetch(`${this.baseUrl}/authentication/v2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({ grant_type: "client_credentials", scope: SCOPES }),
      }),
    );
    this.token = { value: answer.access_token, expiresAt: Date.now() + answer.expires_in * 1000 };
    return answer.access_token;
  }

  private async api<T>(what: string, method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const token = await this.accessToken();
    return this.call<T>(what, () =>
      fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/vnd.api+json, application/json",
          ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
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
    await this.call("Uploading the file", put);
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
