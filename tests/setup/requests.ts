/**
 * Calls a route's loader or action with a real Request, the way Remix does, and returns what the
 * browser would get: status, headers (redirects included) and data.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { type IProject, type IUser, Project } from "~/server/db/entities";
import { originOf, withOrigin } from "~/server/http/request-origin";
import { startSession } from "~/server/session/session.server";
import { addMember, createRole, createUser } from "~/tests/factories";

type RouteModule = {
  loader?: (args: any) => Promise<unknown> | unknown;
  action?: (args: any) => Promise<unknown> | unknown;
};

export type RouteResult<T = any> = {
  status: number;
  headers: Headers;
  location: string | null;
  data: T;
};

const BASE = "http://localhost:3000";

function isDataWithInit(value: unknown): value is { type: string; data: unknown; init: ResponseInit | null } {
  return Boolean(
    value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit",
  );
}

async function normalize(value: unknown): Promise<RouteResult> {
  if (value instanceof Response) {
    const text = value.status >= 300 && value.status < 400 ? "" : await value.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    return { status: value.status, headers: value.headers, location: value.headers.get("Location"), data };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      headers,
      location: headers.get("Location"),
      data: value.data,
    };
  }
  return { status: 200, headers: new Headers(), location: null, data: value };
}

export type CallOptions = {
  cookie?: string | null;
  form?: Record<string, string | string[]>;
  /** A multipart body, as a browser sends a file upload (instead of `form`). */
  multipart?: FormData;
  params?: Record<string, string>;
  clientAddress?: string;
  headers?: Record<string, string>;
};

async function call(kind: "loader" | "action", module: RouteModule, path: string, options: CallOptions = {}) {
  const fn = module[kind];
  if (!fn) throw new Error(`The route module has no ${kind}`);
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: URLSearchParams | FormData | undefined;
  if (kind === "action" && options.multipart) {
    // The Request sets the multipart boundary in Content-Type itself.
    body = options.multipart;
  } else if (kind === "action") {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    }
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(`${BASE}${path}`, {
    method: kind === "action" ? "POST" : "GET",
    headers,
    body,
  });
  const clientAddress = options.clientAddress ?? "127.0.0.1";
  // As the HTTP server does (server/index.ts): where the request came from, for the audit trail.
  const origin = originOf(clientAddress, headers.get("User-Agent"));
  try {
    return await normalize(
      await withOrigin(origin, () =>
        fn({
          request,
          params: options.params ?? {},
          context: { clientAddress, nonce: "", requestId: "test" },
        }),
      ),
    );
  } catch (thrown) {
    if (thrown instanceof Response) return normalize(thrown);
    throw thrown;
  }
}

export const callLoader = (module: RouteModule, path: string, options?: CallOptions) =>
  call("loader", module, path, options);
export const callAction = (module: RouteModule, path: string, options?: CallOptions) =>
  call("action", module, path, options);

/** Signs a user in (a real session row) and returns the Cookie header a browser would send. */
export async function signIn(
  em: EntityManager,
  user: IUser,
  options: { projectId?: string } = {},
): Promise<string> {
  const { session, setCookie } = await startSession(em, {
    userId: user.id,
    remember: false,
    userAgent: "vitest",
  });
  if (options.projectId) {
    session.currentProject = em.getReference(Project, options.projectId);
    await em.flush();
  }
  return cookieFrom(setCookie);
}

/**
 * A member of the project whose role grants exactly these actions, signed in with the project current:
 * the usual subject of a permission test. Pass a user to make an existing one the member.
 */
export async function signedInMember(
  em: EntityManager,
  project: IProject,
  grantedActions: string[],
  user: IUser | Parameters<typeof createUser>[1] = {},
): Promise<{ user: IUser; cookie: string }> {
  const role = await createRole(em, { grantedActions });
  const member = "id" in user ? (user as IUser) : await createUser(em, user);
  await addMember(em, { project, user: member, role });
  return { user: member, cookie: await signIn(em, member, { projectId: project.id }) };
}

/** The name=value part of a Set-Cookie header. */
export function cookieFrom(setCookie: string | null): string {
  return (setCookie ?? "").split(";")[0];
}

/**
 * What the guard does with a project page request: "allowed" with the current project's name, or the
 * redirect it answers. Lets a module test sign-in outcomes without importing another module's routes.
 */
export async function projectPageOutcome(
  path: string,
  cookie: string | null,
): Promise<{ allowed: true; projectName: string } | { allowed: false; location: string | null }> {
  const { requireRoute } = await import("~/server/permissions/guard.server");
  const headers = new Headers(cookie ? { Cookie: cookie } : {});
  try {
    const { project } = await requireRoute(new Request(`${BASE}${path}`, { headers }));
    return { allowed: true, projectName: project.name };
  } catch (thrown) {
    if (thrown instanceof Response) return { allowed: false, location: thrown.headers.get("Location") };
    throw thrown;
  }
}
