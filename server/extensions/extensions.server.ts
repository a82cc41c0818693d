import type { EntityManager } from "@mikro-orm/postgresql";
import { scopeToProject } from "~/server/db/project-scope";
import { logError } from "~/server/http/log";
import { serverT } from "~/server/i18n/i18n.server";
import type { PermissionRef } from "~/server/permissions/keys";
import { disabledModuleIds } from "~/server/permissions/modules.server";
import { registry } from "~/server/registry";
import type { ModuleManifest } from "~/server/registry/manifest";
import type {
  AttachmentOwner,
  EnforcementScanRecord,
  EnforcementScansQuery,
  ExtensionContext,
  ExtensionContracts,
  ExtensionPoint,
  ExtensionRequester,
  HomeTab,
  HomeWidgetCard,
  HoursWorkedPeriod,
  InOutSignOutRule,
  LinkedRecord,
  LinkedRecordKind,
  Provider,
  SiteDiaryFill,
  SiteDiaryQuery,
  SiteDiaryRecord,
  SubcontractWorkContribution,
  SubcontractWorkItem,
  SubcontractWorkQuery,
} from "./contracts";

export type { ExtensionRequester } from "./contracts";

export type Contribution<P extends ExtensionPoint> = {
  moduleId: string;
  contribution: ExtensionContracts[P];
};

export class ExtensionError extends Error {
  override name = "ExtensionError";
}

/** Loads one module's provider file for a point and checks that it exports that point's contract. */
export async function loadProvider<P extends ExtensionPoint>(
  module: Pick<ModuleManifest, "id" | "provides">,
  point: P,
): Promise<ExtensionContracts[P] | null> {
  const load = module.provides[point];
  if (!load) return null;
  const exported = (await load()) as { provider?: Provider };
  const provider = exported?.provider;
  if (!provider || typeof provider !== "object" || !provider.contribution)
    throw new ExtensionError(
      `Module "${module.id}" names a provider for "${point}" whose file does not export \`provider\``,
    );
  if (provider.point !== point)
    throw new ExtensionError(
      `Module "${module.id}" names a provider for "${point}" whose file provides "${provider.point}"`,
    );
  return provider.contribution as ExtensionContracts[P];
}

/**
 * The contributions to a point from the modules that are on for the requester's project. Each
 * contribution's parts declare the permission they need; the helpers below call only those the user has.
 */
export async function contributionsTo<P extends ExtensionPoint>(
  point: P,
  requester: { em: EntityManager; project: { id: string } },
  modules: readonly ModuleManifest[] = registry().modules,
): Promise<Contribution<P>[]> {
  const providing = modules.filter((module) => module.provides[point]);
  if (providing.length === 0) return [];
  const off = await disabledModuleIds(requester.em, requester.project.id);
  const on = providing.filter((module) => module.scope === "global" || !off.has(module.id));
  const loaded = await Promise.all(
    on.map(async (module) => ({ moduleId: module.id, contribution: await loadProvider(module, point) })),
  );
  return loaded.filter((entry): entry is Contribution<P> => entry.contribution !== null);
}

/**
 * The modules that contribute to a point but are switched off for the project: a page built from the point
 * (the site diary) says so in their place ("Quality is not switched on for this project") rather than
 * showing an empty section.
 */
export async function switchedOffProviders(
  point: ExtensionPoint,
  requester: Pick<ExtensionRequester, "em" | "project">,
  modules: readonly ModuleManifest[] = registry().modules,
): Promise<{ moduleId: string; title: string }[]> {
  const providing = modules.filter((module) => module.provides[point] && module.scope !== "global");
  if (providing.length === 0) return [];
  const off = await disabledModuleIds(requester.em, requester.project.id);
  return providing
    .filter((module) => off.has(module.id))
    .map((module) => ({ moduleId: module.id, title: module.title }));
}

async function contextFor(requester: ExtensionRequester): Promise<ExtensionContext> {
  const t = await serverT(requester.locale);
  return {
    // Each contribution works on its own fork, scoped to the project like a request's: one failing module
    // leaves no state in another's, and none can read another project's rows through the ORM.
    em: scopeToProject(requester.em.fork() as EntityManager, requester.project.id),
    project: requester.project,
    user: requester.user,
    locale: requester.locale,
    can: requester.can,
    t: (key, params) => t(key, params) as string,
  };
}

/**
 * Runs a contribution; a module's failure is logged and leaves its part out, so one broken module never
 * takes the home page or a diary down with it.
 */
async function guarded<T>(moduleId: string, what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    logError(
      new ExtensionError(`${what} of module "${moduleId}" failed: ${String(error)}`, { cause: error }),
    );
    return null;
  }
}

/**
 * Runs each part (widget, section) the user may see, each with its own context, in module order; a part
 * that fails is left out (guarded).
 */
async function runPermittedParts<Part extends { id: string; permission: PermissionRef }, Result>(
  requester: ExtensionRequester,
  parts: readonly { moduleId: string; parts: readonly Part[] }[],
  what: string,
  run: (part: Part, context: ExtensionContext) => Promise<Result | null>,
) {
  const done: { moduleId: string; part: Part; context: ExtensionContext; result: Result }[] = [];
  for (const { moduleId, parts: ofModule } of parts) {
    for (const part of ofModule) {
      if (!requester.can(part.permission)) continue;
      const context = await contextFor(requester);
      const result = await guarded(moduleId, `${what} ${part.id}`, () => run(part, context));
      if (result) done.push({ moduleId, part, context, result });
    }
  }
  return done;
}

export type PlacedHomeWidget = { key: string; moduleId: string; tab: HomeTab; card: HomeWidgetCard };

/** home.widgets: the cards the user may see, in module order. */
export async function homeWidgets(
  requester: ExtensionRequester,
  modules?: readonly ModuleManifest[],
): Promise<PlacedHomeWidget[]> {
  const contributions = await contributionsTo("home.widgets", requester, modules);
  const loaded = await runPermittedParts(
    requester,
    contributions.map(({ moduleId, contribution }) => ({ moduleId, parts: contribution.widgets })),
    "home widget",
    (widget, context) => widget.load(context),
  );
  return loaded.map(({ moduleId, part, result }) => ({
    key: `${moduleId}.${part.id}`,
    moduleId,
    tab: part.tab,
    card: result,
  }));
}

export type PlacedDiarySection = {
  key: string;
  moduleId: string;
  title: string;
  records: SiteDiaryRecord[];
  /** What the diary pre-fills from the section's records (its plant rows), when anything. */
  fills?: SiteDiaryFill;
};

/** site-diary.sections: each section the user may see, with its records of the day and location. */
export async function siteDiarySections(
  requester: ExtensionRequester,
  query: SiteDiaryQuery,
  modules?: readonly ModuleManifest[],
): Promise<PlacedDiarySection[]> {
  const contributions = await contributionsTo("site-diary.sections", requester, modules);
  const listed = await runPermittedParts(
    requester,
    contributions.map(({ moduleId, contribution }) => ({ moduleId, parts: contribution.sections })),
    "diary section",
    (section, context) => section.list(context, query),
  );
  return listed.map(({ moduleId, part, context, result }) => ({
    key: `${moduleId}.${part.id}`,
    moduleId,
    title: context.t(part.title),
    records: result,
    ...(part.fills ? { fills: part.fills } : {}),
  }));
}

async function resolverFor(
  requester: ExtensionRequester,
  kind: LinkedRecordKind,
  modules?: readonly ModuleManifest[],
) {
  for (const { contribution } of await contributionsTo("linked-records", requester, modules)) {
    const resolver = contribution.resolvers.find((candidate) => candidate.kind === kind);
    if (resolver) return requester.can(resolver.permission) ? resolver : null;
  }
  return null;
}

/**
 * linked-records: the references the user may see, resolved to a title and a link. A reference whose
 * module is off, whose record is gone or which the user may not see is left out (the caller shows it as
 * unavailable).
 */
export async function resolveLinkedRecords(
  requester: ExtensionRequester,
  references: readonly { kind: LinkedRecordKind; id: string }[],
  modules?: readonly ModuleManifest[],
): Promise<LinkedRecord[]> {
  const byKind = new Map<LinkedRecordKind, string[]>();
  for (const reference of references)
    byKind.set(reference.kind, [...(byKind.get(reference.kind) ?? []), reference.id]);
  const resolved: LinkedRecord[] = [];
  for (const [kind, ids] of byKind) {
    const resolver = await resolverFor(requester, kind, modules);
    if (!resolver) continue;
    resolved.push(...(await resolver.resolve(await contextFor(requester), ids)));
  }
  return resolved;
}

/** linked-records: records of one kind to offer in a picker. */
export async function searchLinkedRecords(
  requester: ExtensionRequester,
  kind: LinkedRecordKind,
  text: string,
  limit = 20,
  modules?: readonly ModuleManifest[],
): Promise<LinkedRecord[]> {
  const resolver = await resolverFor(requester, kind, modules);
  if (!resolver) return [];
  return resolver.search(await contextFor(requester), text.trim(), limit);
}

/** hours-worked: person-hours on site in the period, summed over the modules that record them. */
export async function hoursWorked(
  requester: ExtensionRequester,
  period: HoursWorkedPeriod,
  modules?: readonly ModuleManifest[],
): Promise<{ hours: number; sources: string[] }> {
  let hours = 0;
  const sources: string[] = [];
  for (const { moduleId, contribution } of await contributionsTo("hours-worked", requester, modules)) {
    if (!requester.can(contribution.permission)) continue;
    hours += await contribution.hours(await contextFor(requester), period);
    sources.push(moduleId);
  }
  return { hours, sources };
}

/** A system read's own fork, scoped to the project like a request's. */
const scopedFork = (em: EntityManager, projectId: string) =>
  scopeToProject(em.fork() as EntityManager, projectId);

/**
 * hours-worked, for a calculation rather than a reader (Safety's rates): the person-hours of each month of
 * the period ("YYYY-MM" → hundredths of an hour, a whole number: no float drift), summed over the modules on
 * for the project that record them. No permission: the figure is an aggregate, and a rate must not change
 * with who looks at it (decision 040).
 */
export async function hoursWorkedByMonth(
  em: EntityManager,
  projectId: string,
  period: HoursWorkedPeriod,
  modules?: readonly ModuleManifest[],
): Promise<Map<string, bigint>> {
  const months = new Map<string, bigint>();
  for (const { contribution } of await contributionsTo(
    "hours-worked",
    { em, project: { id: projectId } },
    modules,
  ))
    for (const { month, hours } of await contribution.monthly(
      { em: scopedFork(em, projectId), projectId },
      period,
    ))
      months.set(month, (months.get(month) ?? 0n) + hundredthsOfDecimal(hours));
  return months;
}

/** "1234.5" → 123450n: a decimal text to hundredths, exactly (more decimals are cut, never rounded by a float). */
export function hundredthsOfDecimal(text: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new ExtensionError(`"${text}" is not a decimal number of hours`);
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? "").padEnd(2, "0").slice(0, 2));
  return match[1] ? -cents : cents;
}

/**
 * in-out.sign-out-rule: whether and when the people still on site are signed out, from the module that keeps
 * the rule (Safety's incident settings). null when no module on for the project provides it: no automatic
 * sign-out then.
 */
export async function inOutSignOutRule(
  em: EntityManager,
  projectId: string,
  modules?: readonly ModuleManifest[],
): Promise<InOutSignOutRule | null> {
  for (const { contribution } of await contributionsTo(
    "in-out.sign-out-rule",
    { em, project: { id: projectId } },
    modules,
  ))
    return contribution.rule({ em: scopedFork(em, projectId), projectId });
  return null;
}

/**
 * What the enforcement scans of an object are for the requester: `off` when no module that records scans is on
 * for the project (the page says so), `hidden` when the user may not see them, else the scans, newest first.
 */
export type EnforcementScansAnswer =
  | { state: "off" }
  | { state: "hidden" }
  | { state: "shown"; scans: EnforcementScanRecord[]; sources: string[] };

/** enforcement.scans: the scans of one object from the modules that record them, newest first, at most `limit`. */
export async function enforcementScans(
  requester: ExtensionRequester,
  query: EnforcementScansQuery,
  modules?: readonly ModuleManifest[],
): Promise<EnforcementScansAnswer> {
  const contributions = await contributionsTo("enforcement.scans", requester, modules);
  if (contributions.length === 0) return { state: "off" };
  const permitted = contributions.filter(({ contribution }) => requester.can(contribution.permission));
  if (permitted.length === 0) return { state: "hidden" };
  const scans: EnforcementScanRecord[] = [];
  const sources: string[] = [];
  for (const { moduleId, contribution } of permitted) {
    const context = await contextFor(requester);
    const found = await guarded(moduleId, "enforcement scans", () => contribution.scans(context, query));
    if (!found) continue;
    scans.push(...found);
    sources.push(moduleId);
  }
  scans.sort((a, b) => b.scannedAt.localeCompare(a.scannedAt));
  return { state: "shown", scans: scans.slice(0, query.limit), sources };
}

/** One module's work for subcontract claims, bound to the caller's `em` (and so to its transaction). */
export type SubcontractWorkSource = {
  moduleId: string;
  permission: SubcontractWorkContribution["permission"];
  unclaimed(query: SubcontractWorkQuery): Promise<SubcontractWorkItem[]>;
  claim(claim: { claimId: string; subcontractId: string; ids: readonly string[] }): Promise<boolean>;
  ofClaim(claimId: string): Promise<SubcontractWorkItem[]>;
  release(claimId: string): Promise<void>;
};

/**
 * subcontract.work: the modules on for the project that give approved work to subcontract payment claims
 * (Dockets). No permission decides what a claim takes in — a claim's total must not change with who makes it —
 * so the sources run on the caller's `em` as they are; the caller shows an item's link only to users granted
 * the source's permission. The caller's transaction spans the claim and the work it takes in.
 */
export async function subcontractWorkSources(
  em: EntityManager,
  projectId: string,
  modules?: readonly ModuleManifest[],
): Promise<SubcontractWorkSource[]> {
  const contributions = await contributionsTo(
    "subcontract.work",
    { em, project: { id: projectId } },
    modules,
  );
  return contributions.map(({ moduleId, contribution }) => {
    const scope = { em: scopeToProject(em, projectId), projectId };
    return {
      moduleId,
      permission: contribution.permission,
      unclaimed: (query) => contribution.unclaimed(scope, query),
      claim: (claim) => contribution.claim(scope, claim),
      ofClaim: (claimId) => contribution.ofClaim(scope, claimId),
      release: (claimId) => contribution.release(scope, claimId),
    };
  });
}

/**
 * Loads every provider every module names and checks each exports its point's contract: run by the
 * registry test and at boot, so a wrong provider file fails the build's tests, not a user's page.
 */
export async function verifyProviders(modules: readonly ModuleManifest[] = registry().modules) {
  for (const module of modules)
    for (const point of Object.keys(module.provides) as ExtensionPoint[]) await loadProvider(module, point);
}

export type FoundAttachmentOwner = {
  moduleId: string;
  owner: AttachmentOwner;
  context: ExtensionContext;
};

/**
 * attachments.owners: the module that owns attachments of this `entityType`, among the modules on for the
 * project, with a context to ask it for the record's page; null when none declares it (then nobody is told
 * who may open the file, so it is not shown).
 */
export async function attachmentOwner(
  requester: ExtensionRequester,
  entityType: string,
  modules?: readonly ModuleManifest[],
): Promise<FoundAttachmentOwner | null> {
  const contributions = await contributionsTo("attachments.owners", requester, modules);
  for (const { moduleId, contribution } of contributions) {
    const owner = contribution.owners.find((candidate) => candidate.entityType === entityType);
    if (owner) return { moduleId, owner, context: await contextFor(requester) };
  }
  return null;
}
