import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/app/i18n";
import common from "~/app/locales/en/common.json";
import { Redirecting, type RedirectingProps } from "./redirecting";

async function render(props: RedirectingProps) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ ...i18nConfig, lng: "en", resources: { en: { common } } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <Redirecting {...props} />
    </I18nextProvider>,
  );
}

describe("Redirecting", () => {
  it("shows 'Redirecting...' in small text by default", async () => {
    const html = await render({});
    expect(html).toContain("Redirecting...");
    expect(html).toContain("text-sm");
  });

  it.each([
    ["md", "text-base"],
    ["lg", "text-lg"],
  ] as const)("shows %s text as %s", async (size, textClass) => {
    const html = await render({ size });
    expect(html).toContain(textClass);
    expect(html).not.toContain("text-sm");
  });

  it("links to where it redirects, for a browser without JavaScript", async () => {
    const html = await render({ href: "/quality/lot/lot-9" });
    expect(html).toMatch(/<a href="\/quality\/lot\/lot-9"[^>]*>Redirecting\.\.\.<\/a>/);
  });
});
