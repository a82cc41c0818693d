import { describe, expect, it } from "vitest";
import { decideAccess, type GuardFacts } from "./guard-rules";

const facts = (overrides: Partial<GuardFacts>): GuardFacts => ({
  access: "project",
  signedIn: true,
  sessionExpired: false,
  hasProject: true,
  isSuperAdmin: false,
  moduleEnabled: true,
  granted: new Set(),
  globalGranted: new Set(),
  requestedPath: "/quality/lot?status=open",
  ...overrides,
});

describe("guard rules (spec 2, Entry and guard rules)", () => {
  it.each(["free", "external"] as const)("always allows %s routes, signed in or not", (access) => {
    expect(decideAccess(facts({ access, signedIn: false, hasProject: false }))).toEqual({ kind: "allow" });
    expect(decideAccess(facts({ access }))).toEqual({ kind: "allow" });
  });

  it("sends a visitor of a sign-in-required page to /auth/login with the page to come back to", () => {
    expect(decideAccess(facts({ signedIn: false, hasProject: false }))).toEqual({
      kind: "redirect",
      to: "/auth/login?redirectTo=%2Fquality%2Flot%3Fstatus%3Dopen",
    });
  });

  it("tells a visitor whose session ran out that it expired", () => {
    expect(decideAccess(facts({ signedIn: false, sessionExpired: true, requestedPath: "/" }))).toEqual({
      kind: "redirect",
      to: "/auth/login?expired=1",
    });
  });

  it("sends a signed-in user without a current project to /access-control", () => {
    expect(decideAccess(facts({ hasProject: false }))).toEqual({
      kind: "redirect",
      to: "/access-control?redirectTo=%2Fquality%2Flot%3Fstatus%3Dopen",
    });
  });

  it("sends a user lacking the route's permission to /forbidden", () => {
    expect(decideAccess(facts({ permission: "quality.lot.view" }))).toEqual({
      kind: "redirect",
      to: "/forbidden",
    });
  });

  it("allows a user holding the permission, or any one of a list", () => {
    const granted = new Set(["quality.lot.edit"]);
    expect(decideAccess(facts({ permission: "quality.lot.edit", granted }))).toEqual({ kind: "allow" });
    expect(decideAccess(facts({ permission: ["quality.lot.view", "quality.lot.edit"], granted }))).toEqual({
      kind: "allow",
    });
  });

  it("lets a super admin past permissions", () => {
    expect(decideAccess(facts({ permission: "quality.lot.view", isSuperAdmin: true }))).toEqual({
      kind: "allow",
    });
  });

  it("answers /forbidden for a module switched off in the project, even for a super admin", () => {
    expect(decideAccess(facts({ moduleEnabled: false, isSuperAdmin: true }))).toEqual({
      kind: "redirect",
      to: "/forbidden",
    });
  });

  it("allows a project route without a permission to any member", () => {
    expect(decideAccess(facts({}))).toEqual({ kind: "allow" });
  });

  it("opens sign-in pages to visitors and sends signed-in users on", () => {
    expect(decideAccess(facts({ access: "public", signedIn: false, hasProject: false }))).toEqual({
      kind: "allow",
    });
    expect(decideAccess(facts({ access: "public", hasProject: false }))).toEqual({
      kind: "redirect",
      to: "/access-control",
    });
    expect(decideAccess(facts({ access: "public" }))).toEqual({ kind: "redirect", to: "/" });
  });

  it("needs only a signed-in user for authenticated pages such as /access-control", () => {
    expect(decideAccess(facts({ access: "authenticated", hasProject: false }))).toEqual({ kind: "allow" });
    expect(
      decideAccess(facts({ access: "authenticated", signedIn: false, requestedPath: "/access-control" })),
    ).toEqual({
      kind: "redirect",
      to: "/auth/login?redirectTo=%2Faccess-control",
    });
  });
});

describe("global settings pages", () => {
  it("need a signed-in user and the permission of their global role, not a project", () => {
    const globalGranted = new Set(["global-settings.roles.view-global"]);
    expect(
      decideAccess(facts({ access: "global", signedIn: false, requestedPath: "/globalSettings/roles" })),
    ).toEqual({
      kind: "redirect",
      to: "/auth/login?redirectTo=%2FglobalSettings%2Froles",
    });
    expect(
      decideAccess(
        facts({
          access: "global",
          hasProject: false,
          permission: "global-settings.roles.view-global",
          globalGranted,
        }),
      ),
    ).toEqual({ kind: "allow" });
    expect(
      decideAccess(
        facts({
          access: "global",
          permission: "global-settings.roles.view-global",
          granted: new Set(["global-settings.roles.view-global"]),
        }),
      ),
    ).toEqual({ kind: "redirect", to: "/forbidden" });
    expect(
      decideAccess(
        facts({ access: "global", permission: "global-settings.roles.view-global", isSuperAdmin: true }),
      ),
    ).toEqual({
      kind: "allow",
    });
  });
});
