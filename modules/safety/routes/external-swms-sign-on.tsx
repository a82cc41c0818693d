import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { externalRoute } from "~/server/permissions/guard.server";
import { swmsSignOn } from "../server/swms-sign-on.server";
import { SignOnPage, signOnMeta, useSignOnPage } from "../ui/sign-on-page";
import { useTalkText } from "../ui/talk-text";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta = signOnMeta;

/** A worker's sign-on page of an accepted SWMS's QR link: `:id` is the link's id, the token in `?token=`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  return swmsSignOn.load(context, request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  return swmsSignOn.sign(context, request, params.id);
}

type SwmsShown = { swms: { number: string; title: string; company: string; project: string } };

export default function ExternalSwmsSignOn() {
  const { page, lastResult } = useSignOnPage<SwmsShown>();
  const { t } = useTalkText();
  const texts =
    page.state === "valid"
      ? {
          title: t("safety:swms.signOnPage.title"),
          lines: [`${page.swms.number} ${page.swms.title}`, `${page.swms.company} · ${page.swms.project}`],
          declaration: t("safety:swms.signOnPage.declaration"),
          thanks: t("safety:swms.signOnPage.thanks", { name: page.signed }),
        }
      : null;
  return <SignOnPage page={page} texts={texts} lastResult={lastResult} />;
}
