import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { recordSecurityEvent } from "~/server/audit/security-events.server";
import { hashPassword, verifyPassword } from "~/server/auth/password.server";
import { Session, User } from "~/server/db/entities";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireUser } from "~/server/permissions/guard.server";
import { changePasswordSchema } from "../domain/schemas";
import { ChangePasswordView } from "../ui/change-password-view";

export const meta: MetaFunction = () => [{ title: "Change password | SiteProof" }];
export const handle = { i18n: ["account"] };

const HIDDEN = ["currentPassword", "password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  // Someone who only signs in with Microsoft has no password here to change.
  return { email: user.email, hasPassword: user.passwordHash !== null };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, session } = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: changePasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: HIDDEN }), { status: 400 });
  if (user.passwordHash === null)
    return data(submission.reply({ formErrors: ["account:password.noPassword"], hideFields: HIDDEN }), {
      status: 400,
    });
  if (!(await verifyPassword(submission.value.currentPassword, user.passwordHash)))
    return data(
      submission.reply({
        fieldErrors: { currentPassword: ["account:password.wrongCurrent"] },
        hideFields: HIDDEN,
      }),
      { status: 400 },
    );
  const passwordHash = await hashPassword(submission.value.password);
  await em.transactional(async (tx) => {
    const saved = await tx.findOneOrFail(User, { id: user.id });
    saved.passwordHash = passwordHash;
    // Every other device signs in again with the new password; this one stays signed in.
    await tx.nativeDelete(Session, { user: user.id, id: { $ne: session.id } });
    recordSecurityEvent(tx, {
      kind: "password.set",
      actorId: user.id,
      subjectUserId: user.id,
      subjectEmail: user.email,
      details: { how: "changed" },
    });
  });
  return redirectWithToast("/account/password", { type: "success", message: "account:password.changed" });
}

export default function ChangePasswordPage() {
  return <ChangePasswordView />;
}
