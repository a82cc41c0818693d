import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { formatDate } from "~/app/utils/format";
import { externalRoute } from "~/server/permissions/guard.server";
import type { TalkKind } from "../domain/talk-fields";
import { talkSignOn } from "../server/talk-sign-on.server";
import { SignOnPage, signOnMeta, useSignOnPage } from "../ui/sign-on-page";
import { useTalkText } from "../ui/talk-text";

export const handle = { i18n: ["safety", "common", "ui"] };

export const meta = signOnMeta;

/** An attendee's sign-on page of a talk's QR link: `:id` is the link's id, the token in `?token=`. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await externalRoute(request);
  return talkSignOn.load(context, request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await externalRoute(request);
  return talkSignOn.sign(context, request, params.id);
}

type TalkShown = {
  talk: { number: string; kind: TalkKind; title: string; heldOn: string | null; supervisor: string | null };
};

export default function ExternalTalkSignOn() {
  const { page, lastResult } = useSignOnPage<TalkShown>();
  const { t, locale } = useTalkText();
  const texts =
    page.state === "valid"
      ? {
          title: t("safety:talk.signOnPage.title", { kind: t(`safety:talk.kind.${page.talk.kind}`) }),
          lines: [
            `${page.talk.number} ${page.talk.title}`,
            [
              page.projectName,
              page.talk.heldOn ? formatDate(page.talk.heldOn, locale) : null,
              page.talk.supervisor
                ? t("safety:talk.signOnPage.supervisor", { name: page.talk.supervisor })
                : null,
            ]
              .filter(Boolean)
              .join(" · "),
          ],
          declaration: t("safety:talk.signOnPage.declaration"),
          thanks: t("safety:talk.signOnPage.thanks", { name: page.signed }),
        }
      : null;
  return <SignOnPage page={page} texts={texts} lastResult={lastResult} />;
}
