import { createHash } from "node:crypto";
import { join } from "node:path";
import { env } from "~/server/env";
import { AccDocumentService, type AccRetryOptions, type AccSettings } from "./acc-client.server";
import type { DocumentService } from "./document-service";
import { LocalDocumentService } from "./local-folder.server";

export { ACC_BASE_URL, AccDocumentService, type AccSettings } from "./acc-client.server";
export {
  type DocumentDestination,
  type DocumentService,
  DocumentServiceError,
  type DocumentServiceStatus,
  type DocumentToSend,
  folderPathParts,
  isFolderPath,
  type SentDocument,
} from "./document-service";
export { LOCAL_DOCUMENT_PATH, LocalDocumentService } from "./local-folder.server";

/** What a project chose on its settings page: the local default, or ACC with its link. */
export type DocumentServiceConfig = { kind: "local" } | ({ kind: "acc" } & AccSettings);

let local: LocalDocumentService | undefined;
let accBaseUrl: string | undefined;
let accRetry: Partial<AccRetryOptions> = {};

/** The local default: `${DATA_DIR}/documents`. */
export function localDocumentService(): LocalDocumentService {
  local ??= new LocalDocumentService(join(env().DATA_DIR, "documents"));
  return local;
}

// Tests never reach Autodesk: unless a test points ACC at its fake server, calls go to a closed local port.
const TEST_ACC = { baseUrl: "http://127.0.0.1:9", retry: { retries: 0 } };

/**
 * ACC clients by their settings, so sends of one project share a token (valid an hour) instead of signing
 * in for each file; new settings (another secret) make another client. Kept small: few projects use ACC.
 */
const accClients = new Map<string, AccDocumentService>();
const ACC_CLIENTS_KEPT = 50;

/** The service a project's settings name. */
export function documentServiceFor(config: DocumentServiceConfig): DocumentService {
  if (config.kind === "local") return localDocumentService();
  const testing = process.env.NODE_ENV === "test" && !accBaseUrl;
  const settings = {
    ...config,
    baseUrl: config.baseUrl ?? accBaseUrl ?? (testing ? TEST_ACC.baseUrl : undefined),
  };
  const key = createHash("sha256").update(JSON.stringify(settings)).digest("hex");
  let client = accClients.get(key);
  if (!client) {
    if (accClients.size >= ACC_CLIENTS_KEPT) accClients.clear();
    client = new AccDocumentService(settings, testing ? TEST_ACC.retry : accRetry);
    accClients.set(key, client);
  }
  return client;
}

/** For tests: another local folder, and the fake ACC server's address (undefined returns to the defaults). */
export function setDocumentServiceForTests(
  options: { localRoot?: string; accBaseUrl?: string; accRetry?: Partial<AccRetryOptions> } = {},
) {
  local = options.localRoot ? new LocalDocumentService(options.localRoot) : undefined;
  accBaseUrl = options.accBaseUrl;
  accRetry = options.accRetry ?? {};
  accClients.clear();
}
