import type { EntityManager } from "@mikro-orm/postgresql";
import { redirect } from "@remix-run/node";
import { database } from "~/server/db/database";
import {
  type IProject,
  type IProjectMember,
  type ISession,
  type IUser,
  Project,
  ProjectMember,
  ProjectModule,
  Role,
  Session,
  User,
} from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { addressHasNul, isFormContentType } from "~/server/http/form-check";
import { malformedForm } from "~/server/http/malformed.server";
import { type Locale, resolveLocale } from "~/server/i18n/locale";
import { registry } from "~/server/registry";
import type { RouteAccess } from "~/server/registry/manifest";
import {
  type IntentRule,
  isWorkflowRule,
  type PermissionAction,
  type RegisteredRoute,
} from "~/server/registry/registry";
import { sessionIdCookie } from "~/server/session/cookies.server";
import { clearSessionCookie } from "~/server/session/session.server";
import { combineRoles, grantedKeys, isGranted, projectRegion, type RoleGrant } from "./grants";
import { decideAccess } from "./guard-rules";
import type { PermissionRef } from "./keys";

export type RequestContext = {
  em: EntityManager;
  route: RegisteredRoute | null;
  session: ISession | null;
  sessionExpired: boolean;
  user: IUser | null;
  project: IProject | null;
  membership: IProjectMember | null;
  granted: ReadonlySet<string>;
  /** What the user's global role grants. */
  globalGranted: ReadonlySet<string>;
  /** The modules switched off in the current project (core modules never are). */
  disabledModules: ReadonlySet<string>;
  locale: Locale;
  can(ref: PermissionRef | undefined): boolean;
  canGlobal(ref: PermissionRef | undefined): boolean;
};

export type ProjectContext = RequestContext & { user: IUser; project: IProject; session: ISession };
export type UserContext = RequestContext & { user: IUser; session: ISession };

const contexts = new WeakMap<Request, Promise<RequestContext>>();

/** The route a request is for, from the registry (data requests of single fetch end in .data). */
export function routeForRequest(request: Request): RegisteredRoute | null {
  let pathname = new URL(request.url).pathname;
  if (pathname === "/_root.data") pathname = "/";
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  return registry().matchRoute(pathname)?.route ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Who is asking: one query for the session, its user and global role, the current project, the membership
// with both roles, and the project's switched-off modules. It runs on every request, so it is one round
// trip without query building; the rows are then hydrated into managed entities, as findOne makes them.

/** The tables the requester query reads, each with its alias (parents before their children). */
const REQUESTER_PARTS = [
  { alias: "gr", entity: Role },
  { alias: "u", entity: User },
  { alias: "p", entity: Project },
  { alias: "r", entity: Role },
  { alias: "ar", entity: Role },
  { alias: "m", entity: ProjectMember },
  { alias: "s", entity: Session },
] as const;

type RequesterPart = (typeof REQUESTER_PARTS)[number];
type RequesterQuery = { sql: string; columns: Map<RequesterPart, string[]> };

let requesterQuery: RequesterQuery | undefined;

function buildRequesterQuery(em: EntityManager): RequesterQuery {
  const metadata = (entity: unknown) => em.getMetadata(entity as never);
  const table = (entity: unknown) => metadata(entity).tableName;
  const columns = new Map<RequesterPart, string[]>();
  const selected: string[] = [];
  for (const part of REQUESTER_PARTS) {
    const names = metadata(part.entity)
      .props.filter((prop) => prop.persist !== false && prop.fieldNames?.length)
      .flatMap((prop) => prop.fieldNames);
    columns.set(part, names);
    for (const name of names) selected.push(`${part.alias}."${name}" as "${part.alias}__${name}"`);
  }
  const sql = `select ${selected.join(", ")},
      (select array_agg(pm.module_id) from ${table(ProjectModule)} pm
       where pm.project_id = p.id and not pm.enabled) as disabled_modules
    from ${table(Session)} s
    join ${table(User)} u on u.id = s.user_id
    left join ${table(Role)} gr on gr.id = u.global_role_id
    left join ${table(Project)} p on p.id = s.current_project_id
    left join ${table(ProjectMember)} m on m.project_id = p.id and m.user_id = u.id
    left join ${table(Role)} r on r.id = m.role_id
    left join ${table(Role)} ar on ar.id = m.acc_role_id
    where s.id = ?`;
  return { sql, columns };
}

type Requester = {
  session: ISession | null;
  /** A cookie came, but its session is gone, over or its user switched off. */
  expired: boolean;
  membership: IProjectMember | null;
  disabledModules: ReadonlySet<string>;
};

const NO_REQUESTER: Requester = {
  session: null,
  expired: false,
  membership: null,
  disabledModules: new Set(),
};

async function readRequester(em: EntityManager, request: Request): Promise<Requester> {
  const id = await sessionIdCookie().parse(request.headers.get("Cookie"));
  if (typeof id !== "string" || !/^[0-9a-f-]{36}$/.test(id)) return NO_REQUESTER;
  requesterQuery ??= buildRequesterQuery(em);
  const [row] = await em.execute<Record<string, unknown>[]>(requesterQuery.sql, [id]);
  const expired = { ...NO_REQUESTER, expired: true };
  if (!row) return expired;
  const entities = new Map<string, unknown>();
  for (const part of REQUESTER_PARTS) {
    if (row[`${part.alias}__id`] == null) continue;
    const fields = Object.fromEntries(
      (requesterQuery.columns.get(part) ?? []).map((name) => [name, row[`${part.alias}__${name}`]]),
    );
    entities.set(part.alias, em.map(part.entity as never, fields));
  }
  const session = entities.get("s") as ISession;
  if (session.expiresAt.getTime() <= Date.now() || !session.user.isActive) return expired;
  const core = registry().modules.filter((m) => m.core);
  const disabled = ((row.disabled_modules as string[] | null) ?? []).filter(
    (moduleId) => !core.some((m) => m.id === moduleId),
  );
  return {
    session,
    expired: false,
    membership: (entities.get("m") as IProjectMember | undefined) ?? null,
    disabledModules: new Set(disabled),
  };
}

function moduleEnabled(moduleId: string | null, disabled: ReadonlySet<string>): boolean {
  if (!moduleId) return true;
  const module = registry().modules.find((m) => m.id === moduleId);
  if (!module || module.core || module.scope === "global") return true;
  return !disabled.has(moduleId);
}

/**
 * What roles grant, per grant and region: the same few roles answer every request, and walking every
 * declared action for each request grows with the modules. Keyed by what the roles hold, so an edited role
 * is read afresh, in every process.
 */
const grantCaches = new WeakMap<Map<string, PermissionAction>, Map<string, ReadonlySet<string>>>();
const GRANT_CACHE_LIMIT = 1000;

/** What these roles grant among these actions (the project's or the global ones) in a region. */
function cachedGrants(
  actions: Map<string, PermissionAction>,
  roles: (RoleGrant | null | undefined)[],
  region: "AU" | "non-AU",
): ReadonlySet<string> {
  let cache = grantCaches.get(actions);
  if (!cache) {
    cache = new Map();
    grantCaches.set(actions, cache);
  }
  const role = combineRoles(...roles);
  const key = role ? `${region}|${role.fullAccess}|${role.grantedActions.join(",")}` : region;
  let granted = cache.get(key);
  if (!granted) {
    if (cache.size >= GRANT_CACHE_LIMIT) cache.clear();
    granted = grantedKeys(actions, role, region);
    cache.set(key, granted);
  }
  return granted;
}

async function buildContext(request: Request): Promise<RequestContext> {
  const em = (await database()).orm.em.fork() as EntityManager;
  const route = routeForRequest(request);
  const { session, expired, membership, disabledModules } = await readRequester(em, request);
  const user = session?.user ?? null;
  let project = session?.currentProject ?? null;
  if (user && project && !membership && !user.isSuperAdmin) project = null;
  if (project) scopeToProject(em, project.id);
  const granted = project
    ? cachedGrants(
        registry().projectPermissionKeys,
        [membership?.role, membership?.accRole],
        projectRegion(project.language),
      )
    : new Set<string>();
  const globalGranted = user
    ? cachedGrants(registry().globalPermissionKeys, [user.globalRole], "non-AU")
    : new Set<string>();
  const isSuperAdmin = user?.isSuperAdmin ?? false;
  return {
    em,
    route,
    session,
    sessionExpired: expired,
    user,
    project,
    membership,
    granted,
    globalGranted,
    disabledModules: project ? disabledModules : new Set<string>(),
    locale: resolveLocale({ user, project, acceptLanguage: request.headers.get("Accept-Language") }),
    can: (ref) => isGranted(ref, granted, isSuperAdmin),
    canGlobal: (ref) => isGranted(ref, globalGranted, isSuperAdmin),
  };
}

/** One context per request, shared by the loaders Remix runs in parallel for it. */
export function requestContext(request: Request): Promise<RequestContext> {
  let context = contexts.get(request);
  if (!context) {
    context = buildContext(request);
    contexts.set(request, context);
  }
  return context;
}

/**
 * The requester's language: the guard's, when it has read who is asking (the user's choice, the project's),
 * else the browser's. For answers made outside a route's guard call (a form that cannot be read).
 */
export async function requestLocale(request: Request): Promise<Locale> {
  const context = contexts.get(request);
  if (context) {
    const known = await context.then(
      (built) => built.locale,
      () => null,
    );
    if (known) return known;
  }
  return resolveLocale({ user: null, project: null, acceptLanguage: request.headers.get("Accept-Language") });
}

async function enforce(request: Request, expected: RouteAccess[]): Promise<RequestContext> {
  const context = await requestContext(request);
  const route = context.route;
  if (!route) throw new Response("Not Found", { status: 404 });
  if (!expected.includes(route.access)) {
    throw new Error(
      `Route ${route.path} is declared "${route.access}" but its code expects ${expected.join(" or ")}`,
    );
  }
  await applyAccessRules(request, context, route.access);
  const url = new URL(request.url);
  // A search field's NUL would reach the database in a query parameter, which PostgreSQL refuses whole.
  if (addressHasNul(url)) throw await malformedForm("nulInAddress", context.locale);
  // Every page posts HTML forms: a body of another type reaches no action, even one that reads no field
  // (decision 020; readForm checks the rest of the form).
  if (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    !isFormContentType(request.headers.get("Content-Type"))
  )
    throw await malformedForm("notAForm", context.locale);
  return context;
}

/** Spec 2's rules for this access (redirects to sign-in, project selection or /forbidden are thrown). */
async function applyAccessRules(request: Request, context: RequestContext, access: RouteAccess) {
  const route = context.route!;
  const url = new URL(request.url);
  const decision = decideAccess({
    access,
    permission: route.permission,
    signedIn: Boolean(context.user),
    sessionExpired: context.sessionExpired,
    hasProject: Boolean(context.project),
    isSuperAdmin: context.user?.isSuperAdmin ?? false,
    moduleEnabled: moduleEnabled(route.moduleId, context.disabledModules),
    granted: context.granted,
    globalGranted: context.globalGranted,
    requestedPath: `${url.pathname.replace(/\.data$/, "")}${url.search}`,
  });
  if (decision.kind === "redirect") {
    const headers = new Headers();
    if (context.sessionExpired) headers.append("Set-Cookie", await clearSessionCookie());
    throw redirect(decision.to, { headers });
  }
}

/** Guard of a project page: signed in, a current project, the module on, the route's permission. */
export async function requireRoute(request: Request, _params?: unknown): Promise<ProjectContext> {
  return (await enforce(request, ["project"])) as ProjectContext;
}

/** Guard of a global settings page: signed in, and the permission granted by the user's global role. */
export async function requireGlobalRoute(request: Request, _params?: unknown): Promise<UserContext> {
  return (await enforce(request, ["global"])) as UserContext;
}

/** Guard of the application shell, which frames both project and global settings pages. */
export async function requireShellRoute(request: Request): Promise<UserContext> {
  return (await enforce(request, ["project", "global"])) as UserContext;
}

/** Guard of a page that needs a signed-in user but no project (project selection, sign out). */
export async function requireUser(request: Request): Promise<UserContext> {
  return (await enforce(request, ["authenticated"])) as UserContext;
}

/** Guard of a sign-in page: open to visitors, signed-in users are sent on. */
export async function publicRoute(request: Request): Promise<RequestContext> {
  return enforce(request, ["public"]);
}

/** Open routes (free access, external reviewer pages): no sign-in; the route checks its own link. */
export async function externalRoute(request: Request): Promise<RequestContext> {
  return enforce(request, ["free", "external"]);
}

export type LinkOrMemberAccess =
  | { by: "link"; context: RequestContext; token: string }
  | { by: "member"; context: ProjectContext };

/**
 * Guard of an open route that a member may also open without its link (the ITP review pages). With
 * `?token=` in the address (the link as mailed; the page's forms post back to it) it is an open route and
 * the route checks the link itself; without one, the project page rules apply with the permission the
 * route's manifest names (sign-in, project, /forbidden), as `requireRoute` applies them.
 */
export async function requireLinkOrMember(request: Request, _params?: unknown): Promise<LinkOrMemberAccess> {
  const token = new URL(request.url).searchParams.get("token");
  const context = await enforce(request, ["external"]);
  if (token !== null) return { by: "link", context, token };
  await applyAccessRules(request, context, "project");
  return { by: "member", context: context as ProjectContext };
}

/**
 * Guard of a free-access route (health, locales, not-found, deep link, storybook): checks only that the
 * registry declares it free, without touching the session or the database.
 */
export function requireFreeAccess(request: Request): void {
  const route = routeForRequest(request);
  if (route && route.access !== "free") {
    throw new Error(`Route ${route.path} is declared "${route.access}" but its code expects free access`);
  }
}

const badRequest = (message: string) => new Response(message, { status: 400 });

/**
 * The permission keys an intent's rule asks for (any one grants): the rule's own; for a workflow intent,
 * any permission of the workflow's table, once the action is known to be one of its steps. The step's own
 * permission is decided when it runs, with the record's state: a step the state does not allow is
 * answered as such (409) before a missing permission (403), as the table orders them.
 */
function intentKeys(route: RegisteredRoute, rule: IntentRule, action: string): string[] | null {
  if (!isWorkflowRule(rule)) return typeof rule === "string" ? [rule] : [...rule];
  const workflow = registry().workflows.get(`${route.moduleId}:${rule.workflow}`);
  if (!workflow) throw new Error(`Route ${route.path} names unknown workflow "${rule.workflow}"`);
  if (!workflow.rows.some((row) => row.action === action)) return null;
  return [...new Set(workflow.rows.map((row) => row.permission))];
}

function grantsIntent(context: RequestContext, keys: readonly string[]): boolean {
  const granted = context.route?.access === "global" ? context.globalGranted : context.granted;
  return isGranted(keys, granted, context.user?.isSuperAdmin ?? false);
}

/**
 * Guard of an action's intent: the form's `intent` must be one the route declares in its manifest, and the
 * user must hold what it needs — for a workflow intent, a part in that workflow (the step itself is checked
 * against the table when it runs, by runWorkflowStep). Unknown intent or step: 400; not granted: 403.
 */
export function requireIntent(context: RequestContext, formData: FormData): string {
  const route = context.route;
  if (!route?.intents)
    throw new Error(`Route ${route?.path ?? "(unknown)"} declares no intents in its manifest`);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(route.intents, intent)) throw badRequest("Unknown intent");
  const rule = route.intents[intent];
  const field = isWorkflowRule(rule) ? rule.actionField : undefined;
  const action = field ? formData.get(field) : intent;
  const keys = typeof action === "string" ? intentKeys(route, rule, action) : null;
  if (!keys) throw badRequest("Unknown workflow action");
  if (!grantsIntent(context, keys)) throw new Response("Forbidden", { status: 403 });
  return intent;
}

/** Whether the user may send an intent of this route (for the loader's flags: which buttons to show). */
export function canIntent(context: RequestContext, intent: string, action = intent): boolean {
  const route = context.route;
  const rule = route?.intents?.[intent];
  if (!route || !rule) return false;
  const keys = intentKeys(route, rule, action);
  return keys !== null && grantsIntent(context, keys);
}
