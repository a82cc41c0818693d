import { join } from "node:path";
import { CLOSED_TEST_ACC, KeptAccClients } from "~/plugins/acc/acc-http.server";
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

/** ACC clients by their settings: sends of one project share a token. */
const accClients = new KeptAccClients<AccDocumentService>();

/** The service a project's settings name. */
export function documentServiceFor(config: DocumentServiceConfig): DocumentService {
  if (config.kind === "local") return localDocumentService();
  const testing = process.env.NODE_ENV === "test" && !accBaseUrl;
  const settings = {
    ...config,
    baseUrl: config.baseUrl ?? accBaseUrl ?? (testing ? CLOSED_TEST_ACC.baseUrl : undefined),
  };
  return accClients.get(
    settings,
    () => new AccDocumentService(settings, testing ? CLOSED_TEST_ACC.retry : accRetry),
  );
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
