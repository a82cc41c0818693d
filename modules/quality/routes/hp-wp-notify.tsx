import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/server/http/form.server";
import { requireRoute } from "~/server/permissions/guard.server";
import { loadNotifyPage, type NotifyActionData, notifyClient } from "../server/hold-point-notify.server";
import { NotifyClientPage } from "../ui/notify-client";

export const handle = { i18n: ["quality", "common", "ui"] };

export const meta: MetaFunction = () => [{ title: "Notify client | SiteProof" }];

/**
 * The notify form for the points of the address (`?point=<lotId>:<itemId>`, repeated: the lot's HP/WP tab
 * and the `/quality/hp-wp` register link here), or the sent page (`?sent=<linkId>`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return loadNotifyPage(context, new URL(request.url));
}

/** The form, the confirm step and the sending are posts of the same form (`step`). */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  return notifyClient(context, await readForm(request));
}

export default function NotifyClientRoute() {
  const page = useLoaderData<typeof loader>();
  const answer = (useActionData<typeof action>() ?? null) as NotifyActionData | null;
  return <NotifyClientPage page={page} answer={answer} />;
}
