import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { readForm } from "~/server/http/form.server";
import { safeRedirect } from "~/server/http/safe-redirect";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireUser } from "~/server/permissions/guard.server";
import { preferencesSchema } from "../domain/schemas";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/");
}

/** The profile menu's language choice, kept on the user so it follows them to every device. */
export async function action({ request }: ActionFunctionArgs) {
  const { em, user } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: preferencesSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const target = safeRedirect(submission.value.redirectTo, "/");
  user.locale = submission.value.locale;
  await em.flush();
  return redirectWithToast(target, {
    type: "success",
    message: "shell.languageSaved",
  });
}
