import { describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, resolveLocale } from "./locale";

describe("locale resolution", () => {
  it("uses the language the user picked", () => {
    expect(resolveLocale({ user: { locale: "vi" }, project: { language: "AU" }, acceptLanguage: "en" })).toBe(
      "vi",
    );
  });

  it("shows au in an Australian project when the user picked nothing", () => {
    expect(resolveLocale({ user: { locale: null }, project: { language: "AU" }, acceptLanguage: "vi" })).toBe(
      "au",
    );
  });

  it("shows en to a signed-in user in any other project, whatever the browser says", () => {
    expect(resolveLocale({ user: { locale: null }, project: { language: "EN" }, acceptLanguage: "vi" })).toBe(
      "en",
    );
    expect(resolveLocale({ user: { locale: null }, project: null, acceptLanguage: "vi" })).toBe("en");
  });

  it("follows the browser for visitors", () => {
    expect(resolveLocale({ user: null, project: null, acceptLanguage: "vi-VN,vi;q=0.9,en;q=0.8" })).toBe(
      "vi",
    );
    expect(resolveLocale({ user: null, project: null, acceptLanguage: null })).toBe("en");
  });

  it.each([
    ["en-AU,en;q=0.9", "au"],
    ["fr-FR,vi;q=0.5", "vi"],
    ["de,fr", "en"],
    ["en;q=0.1,vi;q=0.9", "vi"],
  ])("Accept-Language %s → %s", (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});
