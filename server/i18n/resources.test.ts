import { describe, expect, it } from "vitest";
import { resources } from "./resources";

/** Flattened keys; plural forms count as one key, since languages have different plural categories. */
function keysOf(bundle: unknown, prefix = ""): string[] {
  if (!bundle || typeof bundle !== "object") return [prefix.replace(/_(zero|one|two|few|many|other)$/, "")];
  return [
    ...new Set(
      Object.entries(bundle).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key)),
    ),
  ];
}

describe("translation bundles", () => {
  const all = resources();

  it("has every English text in Vietnamese too", () => {
    for (const [namespace, bundle] of Object.entries(all.en)) {
      const english = keysOf(bundle);
      const vietnamese = new Set(keysOf(all.vi[namespace] ?? {}));
      const missing = english.filter((key) => !vietnamese.has(key));
      expect(missing, `vi/${namespace} lacks: ${missing.join(", ")}`).toEqual([]);
    }
  });

  it("keeps au to texts that exist in English (au holds only what differs)", () => {
    for (const [namespace, bundle] of Object.entries(all.au)) {
      const english = new Set(keysOf(all.en[namespace] ?? {}));
      const extra = keysOf(bundle).filter((key) => key !== "" && !english.has(key));
      expect(extra, `au/${namespace} has keys English lacks: ${extra.join(", ")}`).toEqual([]);
    }
  });

  it("carries the spec's exact English texts", () => {
    const common = all.en.common as Record<string, any>;
    expect(common.notFound).toMatchObject({
      title: "Page Not Found",
      message: "Oops! The page you are looking for does not exist.",
      goHome: "Go Home",
    });
    expect(common.forbidden.title).toBe("Permission Denied");
    expect(common.forbidden.message).toBe("It looks like you don’t have access to this page.");
    expect(common.validation).toMatchObject({
      emailRequired: "Email is required",
      passwordRequired: "Password is required",
      invalidEmail: "Invalid email",
      passwordsDoNotMatch: "Passwords do not match",
      maxLength: "Maximum {{length}} characters",
    });
    expect(common.auth.wrongCredentials).toBe("Wrong email or password");
    expect(common.auth.sessionExpired).toBe("Your login session has expired. Please login again.");
    expect(common.auth.invitationExpired).toBe(
      "It looks like your invitation link has expired. Please contact the project administrator to resend the invitation.",
    );
    expect(common.auth.setPasswordPrompt).toBe("Please click on Set Password button to set your password.");
    expect(common.error.somethingWentWrong).toBe("Something went wrong!");
    expect(common.pagination.showing).toBe("Showing {{from}} - {{to}} of {{total}}");
    expect(common.redirecting).toBe("Redirecting...");
  });

  it("loads each registered module's bundle under its id", () => {
    expect(all.en.home).toMatchObject({ title: "Home" });
    expect(all.vi.home).toMatchObject({ title: "Trang chủ" });
  });
});
