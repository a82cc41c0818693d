import type { PermissionRef, RouteAccess } from "~/server/registry/manifest";
import { isGranted } from "./grants";

export type GuardFacts = {
  access: RouteAccess;
  permission?: PermissionRef;
  signedIn: boolean;
  /** A session cookie came with the request but its session is gone or past its time. */
  sessionExpired: boolean;
  hasProject: boolean;
  isSuperAdmin: boolean;
  moduleEnabled: boolean;
  granted: ReadonlySet<string>;
  /** What the user's global role grants (global settings pages). */
  globalGranted: ReadonlySet<string>;
  /** Path and query of the page asked for, to come back to after sign-in. */
  requestedPath: string;
};

export type GuardDecision = { kind: "allow" } | { kind: "redirect"; to: string };

export function loginPath(requestedPath: string, expired: boolean): string {
  const params = new URLSearchParams();
  if (requestedPath && requestedPath !== "/") params.set("redirectTo", requestedPath);
  if (expired) params.set("expired", "1");
  const query = params.toString();
  return `/auth/login${query ? `?${query}` : ""}`;
}

/** Spec 2 "Entry and guard rules", as one decision. */
export function decideAccess(facts: GuardFacts): GuardDecision {
  switch (facts.access) {
    case "free":
    case "external":
      return { kind: "allow" };
    case "public":
      if (!facts.signedIn) return { kind: "allow" };
      return { kind: "redirect", to: facts.hasProject ? "/" : "/access-control" };
    case "authenticated":
      if (!facts.signedIn)
        return { kind: "redirect", to: loginPath(facts.requestedPath, facts.sessionExpired) };
      return { kind: "allow" };
    case "project":
      if (!facts.signedIn)
        return { kind: "redirect", to: loginPath(facts.requestedPath, facts.sessionExpired) };
      if (!facts.hasProject) {
        const back =
          facts.requestedPath && facts.requestedPath !== "/"
            ? `?redirectTo=${encodeURIComponent(facts.requestedPath)}`
            : "";
        return { kind: "redirect", to: `/access-control${back}` };
      }
      if (!facts.moduleEnabled) return { kind: "redirect", to: "/forbidden" };
      if (!isGranted(facts.permission, facts.granted, facts.isSuperAdmin))
        return { kind: "redirect", to: "/forbidden" };
      return { kind: "allow" };
    case "global":
      if (!facts.signedIn)
        return { kind: "redirect", to: loginPath(facts.requestedPath, facts.sessionExpired) };
      if (!isGranted(facts.permission, facts.globalGranted, facts.isSuperAdmin))
        return { kind: "redirect", to: "/forbidden" };
      return { kind: "allow" };
  }
}
