/**
 * The fuzz suite: every registered route with an action gets hostile posts and posts generated from its
 * forms' zod schemas, as a member with every right and as one with none (as a visitor on open routes);
 * every page (loader) is opened with hostile query strings by the same people.
 * What must hold: no answer is a 500, and a refused post (4xx, a guard redirect, a form sent back with its
 * errors) changes no row of any table. Each group of routes is one test file, so vitest runs them side by
 * side; each prints its counts.
 *
 * FUZZ_RUNS (generated posts per form and subject with rights, default 12) and FUZZ_SEED reproduce or
 * widen a run.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "~/server/registry";
import type { RegisteredRoute } from "~/server/registry/registry";
import { setupTestDatabase } from "~/tests/setup/database";
import { changedTables, type DatabaseState, databaseState, writtenSince } from "./database-state";
import { type FormEntries, fieldsOf, formArbitrary, plausibleEntries } from "./form-arbitrary";
import { HOSTILE_PARAMS, HOSTILE_QUERIES, hostileForms, malformedBodies, urlEncoded } from "./hostile";
import { open, post, type RawPost, routeModule } from "./send";
import type { FuzzForm, FuzzSubject, FuzzTarget, FuzzTargets, FuzzWorld } from "./targets";
import { makeWorld } from "./world";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const RUNS_WITHOUT_RIGHTS = Math.max(2, Math.round(RUNS / 4));
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

const moduleTargets = import.meta.glob<FuzzTargets>("/modules/*/tests/fuzz-targets.ts", {
  eager: true,
  import: "targets",
});
const coreTargets = import.meta.glob<FuzzTargets>("/tests/fuzz/core-targets.ts", {
  eager: true,
  import: "targets",
});

/** Every module's targets by route path. */
export function allTargets(): Map<string, FuzzTarget> {
  const targets = new Map<string, FuzzTarget>();
  for (const file of [...Object.values(moduleTargets), ...Object.values(coreTargets)])
    for (const [path, target] of Object.entries(file)) targets.set(path, target);
  return targets;
}

/** The registered routes whose module exports a loader or an action: what the fuzz opens or posts to. */
export async function fuzzedRoutes(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  for (const route of registry().routes) {
    const module = await routeModule(route.file);
    if (module.action || module.loader) routes.push(route);
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

/** The registered routes whose module exports an action. */
export async function routesWithActions(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  for (const route of registry().routes) if ((await routeModule(route.file)).action) routes.push(route);
  return routes.sort((a, b) => a.path.localeCompare(b.path));
}

/** Which test file fuzzes a route: the routes split in groups of similar cost. */
export function fuzzGroupOf(
  route: RegisteredRoute,
):
  | "quality"
  | "safety"
  | "operation"
  | "plant"
  | "dockets"
  | "cost-and-commercial"
  | "rostering"
  | "settings"
  | "account" {
  if (route.moduleId === "quality") return "quality";
  if (route.moduleId === "operation") return "operation";
  if (route.moduleId === "plant") return "plant";
  if (route.moduleId === "rostering") return "rostering";
  if (route.moduleId === "dockets") return "dockets";
  if (route.moduleId === "cost-and-commercial") return "cost-and-commercial";
  if (route.moduleId === "safety") return "safety";
  if (route.moduleId === "project-settings" || route.moduleId === "global-settings") return "settings";
  return "account";
}

type Failure = { who: string; form: string; case: string; problem: string };

type Tally = {
  requests: number;
  opened: number;
  byClass: Record<string, number>;
  routes: number;
  refused: number;
};

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? name));

/** Generated posts per form: fewer where the guard refuses them all, or where there is no field to vary. */
function runsOf(form: FuzzForm, who: string): number {
  if (fieldsOf(form.schema).length === 0) return 2;
  return who === "without rights" ? RUNS_WITHOUT_RIGHTS : RUNS;
}

/** A stable seed per route and form, so a failure replays with FUZZ_SEED alone. */
function seedOf(...parts: string[]): number {
  let hash = SEED;
  for (const char of parts.join("|")) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function subjectsOf(route: RegisteredRoute, world: FuzzWorld): [string, FuzzSubject | null][] {
  switch (route.access) {
    case "free":
    case "external":
      return [["visitor", null]];
    case "public":
      return [
        ["visitor", null],
        ["signed in", world.withRights],
      ];
    default:
      return [
        ["with rights", world.withRights],
        ["without rights", world.withoutRights],
      ];
  }
}

export function describeFuzz(group: ReturnType<typeof fuzzGroupOf>, routes: RegisteredRoute[]) {
  const db = setupTestDatabase();
  const targets = allTargets();
  const tally: Tally = { requests: 0, opened: 0, byClass: {}, routes: 0, refused: 0 };
  const started = performance.now();

  afterAll(() => {
    const classes = Object.entries(tally.byClass)
      .sort()
      .map(([name, count]) => `${name} ${count}`)
      .join(", ");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz ${group}: ${tally.requests} requests (${tally.requests - tally.opened} posts, ${tally.opened} page opens) to ${tally.routes} routes in ${seconds} s (seed ${SEED}, ${RUNS} runs): ${classes}; ${tally.refused} posts refused, each changing nothing`,
    );
  });

  // Each route's forms are posted many times over: on the PostgreSQL server a busy one (project settings, with
  // every module's settings form) takes near the default 30 s.
  const ROUTE_TIMEOUT_MS = 120_000;
  describe(`fuzz: ${group} routes`, () => {
    for (const route of routes.filter((candidate) => fuzzGroupOf(candidate) === group)) {
      it(
        `${route.path} [${route.access}]`,
        async () => {
          const module = await routeModule(route.file);
          const target: FuzzTarget | undefined = module.action ? targets.get(route.path) : { forms: [] };
          expect(
            target,
            `${route.path} has an action but no fuzz target (tests/fuzz-targets.ts of its module)`,
          ).toBeDefined();
          if (!target) return;
          const world = await makeWorld(() => db.em);
          const arranged = (await target.arrange?.(world)) ?? {};
          // A page without an action is opened with ids of nothing (its records are not arranged).
          const params =
            arranged.params ??
            Object.fromEntries(
              [...route.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name, randomUUID()]),
            );
          const forms = [...target.forms, ...(arranged.forms ?? [])];
          const ids = [
            world.project.id,
            world.withRights.user.id,
            ...(arranged.ids ?? []),
            ...Object.values(params),
          ];
          const url = `${fill(route.path, params)}${arranged.search ?? ""}`;
          const failures: Failure[] = [];
          tally.routes += 1;

          // The state before the next post, kept while posts are refused (they change nothing).
          let before: DatabaseState | null = null;
          const send = async (
            who: string,
            subject: FuzzSubject | null,
            form: string,
            name: string,
            raw: RawPost,
            routeParams = params,
          ) => {
            before ??= await databaseState(db.em);
            const headers = { ...raw.headers, ...(subject ? { Cookie: subject.cookie } : {}) };
            const outcome = await post(module, routeParams, { ...raw, headers }, target.doneAt);
            tally.requests += 1;
            const statusClass = `${Math.floor(outcome.status / 100)}xx`;
            tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
            const report = (problem: string) => failures.push({ who, form, case: name, problem });
            if (outcome.status >= 500) report(`${outcome.status} ${outcome.error ?? ""}`);
            if (!outcome.refused) {
              before = null;
              return;
            }
            tally.refused += 1;
            if (!(await writtenSince(db.em, before))) return;
            const after = await databaseState(db.em);
            const changed = changedTables(before, after);
            if (changed.length > 0)
              report(`refused with ${outcome.status} but changed ${changed.join(", ")}`);
            before = after;
          };

          // The page itself, opened with query strings no link makes (before any post changes its records).
          if (module.loader)
            for (const [who, subject] of subjectsOf(route, world))
              for (const query of HOSTILE_QUERIES) {
                const headers: Record<string, string> = subject ? { Cookie: subject.cookie } : {};
                const opened = await open(
                  module,
                  params,
                  `${url}${url.includes("?") ? query.replace("?", "&") : query}`,
                  headers,
                );
                tally.requests += 1;
                tally.opened += 1;
                const statusClass = `${Math.floor(opened.status / 100)}xx`;
                tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
                if (opened.status >= 500)
                  failures.push({
                    who,
                    form: "GET",
                    case: query.slice(0, 80),
                    problem: `${opened.status} ${opened.error ?? ""}`,
                  });
              }

          for (const [who, subject] of forms.length > 0 ? subjectsOf(route, world) : []) {
            // Bodies that are no form at all: once, whatever the form.
            const first = forms[0];
            const firstBase = plausibleEntries(first.schema, { fixed: first.fixed, ids });
            for (const { name, ...raw } of await malformedBodies(firstBase, first.files))
              await send(who, subject, "any", name, { url, ...raw });

            for (const form of forms) {
              const options = { fixed: form.fixed, ids };
              const base = plausibleEntries(form.schema, options);
              for (const { name, ...raw } of hostileForms(base, { ...form, schema: form.schema }))
                await send(who, subject, form.name, name, { url, ...raw });
              await fc.assert(
                fc.asyncProperty(formArbitrary(form.schema, options), async (entries: FormEntries) => {
                  const name = `generated ${JSON.stringify(entries).slice(0, 400)}`;
                  await send(who, subject, form.name, name, { url, ...bodyOf(entries, form) });
                }),
                { numRuns: runsOf(form, who), seed: seedOf(route.path, who, form.name) },
              );
            }
          }

          // Path parameters naming nothing, as the first visitor.
          const named = Object.keys(params);
          if (named.length > 0 && forms.length > 0) {
            const [who, subject] = subjectsOf(route, world)[0];
            const form = forms[0];
            const base = plausibleEntries(form.schema, { fixed: form.fixed, ids });
            for (const value of HOSTILE_PARAMS) {
              const wrong = Object.fromEntries(named.map((name) => [name, value]));
              const wrongUrl = `${fill(route.path, wrong)}${arranged.search ?? ""}`;
              await send(
                who,
                subject,
                form.name,
                `params ${value}`,
                { url: wrongUrl, ...bodyOf(base, form) },
                wrong,
              );
            }
          }

          expect(summarize(failures)).toEqual([]);
        },
        ROUTE_TIMEOUT_MS,
      );
    }
  });
}

/** Failures grouped by what went wrong, each with how often and one case that shows it. */
function summarize(failures: Failure[]): string[] {
  const groups = new Map<string, { count: number; example: Failure }>();
  for (const failure of failures) {
    const key = failure.problem.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "<id>").slice(0, 160);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { count: 1, example: failure });
  }
  return [...groups.entries()].map(
    ([problem, { count, example }]) =>
      `${count}× ${problem} — e.g. ${example.who} · ${example.form} · ${example.case.slice(0, 200)}`,
  );
}

function bodyOf(entries: FormEntries, form: FuzzForm): Omit<RawPost, "url"> {
  if (!form.files?.length)
    return { contentType: "application/x-www-form-urlencoded", body: urlEncoded(entries) };
  const body = new FormData();
  for (const [name, value] of entries) body.append(name, value);
  for (const name of form.files)
    body.append(name, new File(["%PDF-1.4 fuzz"], "fuzz.pdf", { type: "application/pdf" }));
  return { body };
}
