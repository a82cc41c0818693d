import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  answerToken,
  bodyOf,
  FailureQueue,
  type FakeFailure,
  sendJson,
  startLoopbackServer,
} from "~/plugins/acc/testing/fake-http";

export type { FakeFailure } from "~/plugins/acc/testing/fake-http";

/**
 * A stand-in for Autodesk Platform Services on loopback (plain node:http): the token endpoint, top folders,
 * folder contents and creation, storage objects, signed S3 uploads (the signed URL is on this server too),
 * items and versions. It keeps what was uploaded so a test can check the bytes that arrived, and can be
 * told to fail the next calls of a route (429 with Retry-After, 500s).
 */

type Folder = { id: string; name: string; parentId: string | null };
type Item = { id: string; name: string; folderId: string; versions: string[] };

export type FakeAcc = {
  url: string;
  clientId: string;
  clientSecret: string;
  hubId: string;
  projectId: string;
  /** "METHOD /route" (route names below) → calls received. */
  calls: string[];
  /** Bytes PUT to signed URLs, by object key. */
  uploads: Map<string, Buffer>;
  items: Item[];
  folders: Folder[];
  /** The next calls of the route answer these failures, in order. */
  failNext(route: FakeRoute, ...failures: FakeFailure[]): void;
  close(): Promise<void>;
};

export type FakeRoute =
  | "token"
  | "topFolders"
  | "contents"
  | "folders"
  | "storage"
  | "signedGet"
  | "put"
  | "signedPost"
  | "items"
  | "versions";

const BUCKET = "wip.dm.prod";

export async function startFakeAcc(): Promise<FakeAcc> {
  const clientId = "fake-client";
  const clientSecret = "fake-secret";
  const hubId = "b.hub-0001";
  const projectId = "b.project-0001";
  const token = randomUUID();
  const folders: Folder[] = [
    { id: "urn:adsk.wipprod:fs.folder:co.project-files", name: "Project Files", parentId: null },
    { id: "urn:adsk.wipprod:fs.folder:co.plans", name: "Plans", parentId: null },
  ];
  const items: Item[] = [];
  const objects = new Set<string>();
  const pendingUploads = new Map<string, string>(); // uploadKey → objectKey
  const uploads = new Map<string, Buffer>();
  const failures = new FailureQueue<FakeRoute>();
  const calls: string[] = [];

  const server = await startLoopbackServer(() => handle);
  const { url } = server;

  const send = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => sendJson(response, status, body, headers, "application/vnd.api+json");

  const webView = (id: string) => ({
    webView: { href: `https://acc.example/docs/files/${encodeURIComponent(id)}` },
  });
  const folderJson = (folder: Folder) => ({
    type: "folders",
    id: folder.id,
    attributes: { name: folder.name, displayName: folder.name },
  });
  const itemJson = (item: Item) => ({
    type: "items",
    id: item.id,
    attributes: { displayName: item.name },
    links: webView(item.id),
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const address = new URL(request.url ?? "/", url);
    const path = decodeURIComponent(address.pathname);
    const method = request.method ?? "GET";
    const route = routeOf(method, path);
    if (!route) return send(response, 404, { errors: [{ detail: `No route ${method} ${path}` }] });
    calls.push(route);
    const failure = failures.next(route);
    if (failure) {
      await bodyOf(request);
      return FailureQueue.answer(response, failure, "application/vnd.api+json");
    }
    if (route === "put") {
      const objectKey = pendingUploads.get(path.split("/").pop() ?? "");
      if (!objectKey) return send(response, 403, { error: "unknown upload" });
      const length = Number(request.headers["content-length"]);
      const bytes = await bodyOf(request);
      if (!Number.isFinite(length) || length !== bytes.length)
        return send(response, 400, { error: "Content-Length is required" });
      uploads.set(objectKey, bytes);
      response.writeHead(200).end();
      return;
    }
    if (route === "token")
      return answerToken(request.headers.authorization, await bodyOf(request), response, {
        clientId,
        clientSecret,
        token,
      });
    if (request.headers.authorization !== `Bearer ${token}`)
      return send(response, 401, { developerMessage: "Token is not provided or invalid" });
    const json = method === "POST" ? JSON.parse((await bodyOf(request)).toString() || "{}") : null;
    const parts = path.split("/");
    if (
      (route === "topFolders" && parts[6] !== projectId) ||
      (route !== "topFolders" && path.startsWith("/data/") && parts[4] !== projectId)
    )
      return send(response, 404, { errors: [{ detail: "Project not found" }] });
    switch (route) {
      case "topFolders":
        return send(response, 200, {
          jsonapi: { version: "1.0" },
          data: folders.filter((f) => !f.parentId).map(folderJson),
        });
      case "contents": {
        const folderId = parts[6];
        const type = address.searchParams.get("filter[type]");
        const name = address.searchParams.get("filter[attributes.displayName]");
        const found = [
          ...(type !== "items" ? folders.filter((f) => f.parentId === folderId).map(folderJson) : []),
          ...(type !== "folders" ? items.filter((i) => i.folderId === folderId).map(itemJson) : []),
        ].filter((entry) => !name || entry.attributes.displayName === name);
        return send(response, 200, { jsonapi: { version: "1.0" }, data: found });
      }
      case "folders": {
        const folder = {
          id: `urn:adsk.wipprod:fs.folder:co.${randomUUID()}`,
          name: json.data.attributes.name,
          parentId: json.data.relationships.parent.data.id,
        };
        folders.push(folder);
        return send(response, 201, { jsonapi: { version: "1.0" }, data: folderJson(folder) });
      }
      case "storage": {
        if (
          json.data?.type !== "objects" ||
          !json.data.attributes?.name ||
          json.data.relationships?.target?.data?.type !== "folders"
        )
          return send(response, 400, { errors: [{ detail: "Bad storage request" }] });
        const objectKey = `${randomUUID()}.${json.data.attributes.name.split(".").pop()}`;
        objects.add(objectKey);
        return send(response, 201, {
          jsonapi: { version: "1.0" },
          data: { type: "objects", id: `urn:adsk.objects:os.object:${BUCKET}/${objectKey}` },
        });
      }
      case "signedGet": {
        const objectKey = parts[6];
        if (parts[4] !== BUCKET || !objects.has(objectKey))
          return send(response, 404, { reason: "Object not found" });
        const uploadKey = randomUUID();
        pendingUploads.set(uploadKey, objectKey);
        return send(response, 200, { uploadKey, urls: [`${url}/s3/${uploadKey}`] });
      }
      case "signedPost": {
        const objectKey = parts[6];
        if (pendingUploads.get(json.uploadKey) !== objectKey || !uploads.has(objectKey))
          return send(response, 400, { reason: "Upload not complete" });
        return send(response, 200, {
          bucketKey: BUCKET,
          objectId: `urn:adsk.objects:os.object:${BUCKET}/${objectKey}`,
          objectKey,
          size: uploads.get(objectKey)?.length,
        });
      }
      case "items": {
        const version = json.included?.[0];
        const folderId = json.data?.relationships?.parent?.data?.id;
        if (
          json.data?.attributes?.extension?.type !== "items:autodesk.bim360:File" ||
          !version?.relationships?.storage?.data?.id ||
          !folders.some((f) => f.id === folderId)
        )
          return send(response, 400, { errors: [{ detail: "Bad item request" }] });
        if (items.some((i) => i.folderId === folderId && i.name === json.data.attributes.displayName))
          return send(response, 409, {
            errors: [{ detail: "Another object with the same name already exists in this container" }],
          });
        const item: Item = {
          id: `urn:adsk.wipprod:dm.lineage:${randomUUID()}`,
          name: json.data.attributes.displayName,
          folderId,
          versions: [],
        };
        const versionId = `urn:adsk.wipprod:fs.file:vf.${item.id.split(":").pop()}?version=1`;
        item.versions.push(versionId);
        items.push(item);
        return send(response, 201, {
          jsonapi: { version: "1.0" },
          data: itemJson(item),
          included: [{ type: "versions", id: versionId, attributes: { name: item.name, versionNumber: 1 } }],
        });
      }
      case "versions": {
        const item = items.find((i) => i.id === json.data?.relationships?.item?.data?.id);
        if (!item || !json.data?.relationships?.storage?.data?.id)
          return send(response, 400, { errors: [{ detail: "Bad version request" }] });
        const versionId = `urn:adsk.wipprod:fs.file:vf.${item.id.split(":").pop()}?version=${item.versions.length + 1}`;
        item.versions.push(versionId);
        return send(response, 201, {
          jsonapi: { version: "1.0" },
          data: {
            type: "versions",
            id: versionId,
            attributes: { name: item.name, versionNumber: item.versions.length },
            links: webView(versionId),
          },
        });
      }
      default:
        return send(response, 404, {});
    }
  }

  return {
    url,
    clientId,
    clientSecret,
    hubId,
    projectId,
    calls,
    uploads,
    items,
    folders,
    failNext(route, ...more) {
      failures.add(route, ...more);
    },
    close: server.close,
  };
}

function routeOf(method: string, path: string): FakeRoute | null {
  if (method === "POST" && path === "/authentication/v2/token") return "token";
  if (method === "GET" && /^\/project\/v1\/hubs\/[^/]+\/projects\/[^/]+\/topFolders$/.test(path))
    return "topFolders";
  if (method === "GET" && /^\/data\/v1\/projects\/[^/]+\/folders\/[^/]+\/contents$/.test(path))
    return "contents";
  if (method === "POST" && /^\/data\/v1\/projects\/[^/]+\/folders$/.test(path)) return "folders";
  if (method === "POST" && /^\/data\/v1\/projects\/[^/]+\/storage$/.test(path)) return "storage";
  if (/^\/oss\/v2\/buckets\/[^/]+\/objects\/[^/]+\/signeds3upload$/.test(path))
    return method === "GET" ? "signedGet" : method === "POST" ? "signedPost" : null;
  if (method === "PUT" && /^\/s3\/[^/]+$/.test(path)) return "put";
  if (method === "POST" && /^\/data\/v1\/projects\/[^/]+\/items$/.test(path)) return "items";
  if (method === "POST" && /^\/data\/v1\/projects\/[^/]+\/versions$/.test(path)) return "versions";
  return null;
}
