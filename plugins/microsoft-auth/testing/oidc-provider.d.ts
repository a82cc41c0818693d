// oidc-provider ships no types; only what the test identity provider uses is declared.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type InteractionDetails = {
    uid: string;
    prompt: { name: string; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; scope?: string };
  };

  class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    Grant: typeof Grant;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}

declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  export function createMemoryAdapter(clockTolerance?: number): unknown;
}
