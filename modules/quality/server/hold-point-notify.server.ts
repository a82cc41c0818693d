import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { data, redirect } from "@remix-run/node";
import { formatDate } from "~/app/utils/format";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { serverT } from "~/server/i18n/i18n.server";
import { notify, projectLocale } from "~/server/notifications/notify.server";
import { grantedKeysOf } from "~/server/permissions/granted-keys.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import { readProjectSettings } from "~/server/settings/settings.server";
import type { PointKind, PointState } from "../domain/inspection-point-workflow";
import { type ILot, type ILotClientLink, Lot, LotClientLink, LotInspectionPoint } from "../entities";
import { NOTIFY_PATH, type NotifyClientValues, notifyClientSchema } from "./lot-client-link-rules";
import { createLotLink, lotLinkUrl } from "./lot-client-links.server";
import { pointItemOf, stepPoint, tellPointStep } from "./lot-hp-wp.server";
import { LOT_ACTIVITY_ENTITY } from "./lot-itp.server";
import { today } from "./today";

/**
 * "Notify the client" (spec 2 "notify-client email modal, confirm and sent modals"; spec 3 "Email to
 * client"): the points chosen on a lot's HP/WP tab or in the `/quality/hp-wp` register, a form (client,
 * CC, the day asked, the mail from the project's template), a confirm step showing the mails, then the
 * sending: the point table's `notify` step on every point and one link per lot, in one transaction, and one
 * mail per lot after the commit.
 */

export type HoldPointSettings = { clientEmailTemplate: string; linkLifetimeDays: number };

export const holdPointSettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<HoldPointSettings>(em, projectId, "quality", "holdPoints");

/** The states a point may be notified from (the point table's notify rows). */
const NOTIFIABLE: readonly PointState[] = ["not_started", "rejected"];

export type NotifyPoint = {
  ref: string;
  lotId: string;
  lotNumber: string;
  lotTitle: string;
  itemId: string;
  itpNumber: string;
  position: number;
  activity: string;
  kind: PointKind;
  state: PointState;
  notifiable: boolean;
};

/** The `point=<lotId>:<itemId>` values of the address or the form, as points of the project (others are dropped). */
async function resolvePoints(context: ProjectContext, refs: readonly string[]): Promise<NotifyPoint[]> {
  const { em, project } = context;
  const points: NotifyPoint[] = [];
  const lots = new Map<string, ILot | null>();
  for (const ref of [...new Set(refs)].slice(0, 100)) {
    const [lotId, itemId] = ref.split(":");
    if (!lots.has(lotId)) lots.set(lotId, await em.findOne(Lot, { id: lotId, project: project.id }));
    const lot = lots.get(lotId);
    const item = lot ? await pointItemOf(em, lot.id, itemId) : null;
    if (!lot || !item) continue;
    const row = await em.findOne(LotInspectionPoint, { lot: lot.id, item: item.id });
    const state = row?.state ?? "not_started";
    points.push({
      ref: `${lot.id}:${item.id}`,
      lotId: lot.id,
      lotNumber: lot.number,
      lotTitle: lot.title,
      itemId: item.id,
      itpNumber: item.itp.number,
      position: item.position,
      activity: item.activity,
      kind: item.inspectionPoint as PointKind,
      state,
      notifiable: NOTIFIABLE.includes(state),
    });
  }
  return points.sort(
    (a, b) =>
      a.lotNumber.localeCompare(b.lotNumber) ||
      a.itpNumber.localeCompare(b.itpNumber) ||
      a.position - b.position,
  );
}

const isUuidRef = (ref: string) => /^[0-9a-f-]{36}:[0-9a-f-]{36}$/i.test(ref);

/** The mail of one lot: the template with its placeholders filled. */
export function fillTemplate(
  template: string,
  values: { clientName: string; projectName: string; lotNumber: string; points: string; dueOn: string },
) {
  return template.replace(
    /\{(clientName|projectName|lotNumber|points|dueOn)\}/g,
    (_, key: keyof typeof values) => values[key],
  );
}

const pointLine = (point: NotifyPoint, kindName: string) =>
  `- ${point.itpNumber} #${point.position} ${point.activity} (${kindName})`;

async function mailsOf(context: ProjectContext, points: NotifyPoint[], values: NotifyClientValues) {
  const locale = projectLocale(context.project);
  const t = await serverT(locale, "quality");
  const byLot = new Map<string, NotifyPoint[]>();
  for (const point of points.filter((entry) => entry.notifiable))
    byLot.set(point.lotId, [...(byLot.get(point.lotId) ?? []), point]);
  return [...byLot.values()].map((lotPoints) => ({
    lotId: lotPoints[0].lotId,
    lotNumber: lotPoints[0].lotNumber,
    lotTitle: lotPoints[0].lotTitle,
    points: lotPoints,
    text: fillTemplate(values.content, {
      clientName: values.clientName,
      projectName: context.project.name,
      lotNumber: lotPoints[0].lotNumber,
      points: lotPoints.map((point) => pointLine(point, t(`hpWpClient.kind.${point.kind}`))).join("\n"),
      dueOn: formatDate(values.dueOn, locale),
    }),
  }));
}

export async function loadNotifyPage(context: ProjectContext, url: URL) {
  const sent = url.searchParams.getAll("sent");
  if (sent.length > 0) {
    const links = await context.em.find(
      LotClientLink,
      { id: { $in: sent.filter((id) => /^[0-9a-f-]{36}$/i.test(id)) }, purpose: "hold-points" },
      { populate: ["lot"] },
    );
    return {
      step: "sent" as const,
      sent: links.map((link) => ({
        lotId: link.lot.id,
        lotNumber: link.lot.number,
        recipientEmail: link.recipientEmail,
        cc: link.cc,
        points: link.points.length,
        expiresAt: link.expiresAt.toISOString(),
      })),
    };
  }
  const points = await resolvePoints(context, url.searchParams.getAll("point").filter(isUuidRef));
  const settings = await holdPointSettings(context.em, context.project.id);
  return {
    step: "form" as const,
    points,
    linkLifetimeDays: settings.linkLifetimeDays,
    defaults: {
      clientName: "",
      clientEmail: "",
      cc: "",
      dueOn: today(),
      content: settings.clientEmailTemplate,
    },
  };
}
export type NotifyPageData = Awaited<ReturnType<typeof loadNotifyPage>>;

export type NotifyActionData =
  | { step: "form"; result: SubmissionResult<string[]> }
  | {
      step: "confirm";
      values: Omit<NotifyClientValues, "cc" | "step"> & { cc: string };
      mails: { lotId: string; lotNumber: string; points: NotifyPoint[]; text: string }[];
    };

/** The form posted: back with its messages, on to the confirm step, or sent (one transaction) and on to the sent page. */
export async function notifyClient(context: ProjectContext, formData: FormData) {
  const { em, project, user, locale } = context;
  const submission = parseWithZod(formData, { schema: notifyClientSchema });
  const form = async (result: SubmissionResult<string[]>, status = 400) =>
    data({ step: "form" as const, result: await translateReply(locale, result) } as NotifyActionData, {
      status,
    });
  if (submission.status !== "success") return form(submission.reply());
  if (submission.value.step === "edit") return form(submission.reply(), 200);
  const values = submission.value;
  const points = await resolvePoints(context, values.point);
  const mails = await mailsOf(context, points, values);
  if (mails.length === 0)
    return form(submission.reply({ formErrors: ["quality:hpWpClient.notify.errors.nothingToNotify"] }), 409);
  if (values.step === "review")
    return data({
      step: "confirm" as const,
      values: { ...values, cc: values.cc.join(", ") },
      mails,
    } satisfies NotifyActionData);

  const settings = await holdPointSettings(em, project.id);
  const granted = grantedKeysOf(context);
  class Refused extends Error {
    constructor(readonly point: NotifyPoint) {
      super("refused");
    }
  }
  let sent: { link: ILotClientLink; token: string; text: string }[];
  const stepsToTell: { lotId: string; item: Awaited<ReturnType<typeof pointItemOf>> & {} }[] = [];
  try {
    sent = await em.transactional(async (tx) => {
      const created: typeof sent = [];
      for (const mail of mails) {
        for (const point of mail.points) {
          const item = await pointItemOf(tx, point.lotId, point.itemId);
          if (!item) throw new Refused(point);
          const outcome = await stepPoint({
            em: tx,
            projectId: project.id,
            lotId: point.lotId,
            item,
            action: "notify",
            granted,
            actorId: user.id,
            record: { dueOn: values.dueOn as never },
            via: { clientEmail: values.clientEmail, dueOn: values.dueOn },
            toldByCaller: true,
          });
          stepsToTell.push({ lotId: point.lotId, item });
          if (!outcome.ok) {
            if (outcome.reason === "missing-permission") throw new Response("Forbidden", { status: 403 });
            throw new Refused(point);
          }
        }
        const { link, token } = createLotLink(tx, {
          project: project.id,
          lot: mail.lotId,
          purpose: "hold-points",
          points: mail.points.map((point) => point.itemId),
          recipientName: values.clientName,
          recipientEmail: values.clientEmail,
          cc: values.cc,
          dueOn: values.dueOn,
          days: settings.linkLifetimeDays,
          createdBy: user.id,
        });
        await tx.flush();
        recordActivity(tx, {
          projectId: project.id,
          actorId: user.id,
          entityType: LOT_ACTIVITY_ENTITY,
          entityId: mail.lotId,
          action: "client-link-sent",
          before: {},
          after: {
            linkId: link.id,
            purpose: "hold-points",
            recipientEmail: values.clientEmail,
            cc: values.cc,
            dueOn: values.dueOn,
            points: mail.points.map((point) => `${point.itpNumber} #${point.position}`),
            expiresAt: link.expiresAt.toISOString(),
          },
        });
        created.push({ link, token, text: mail.text });
      }
      return created;
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    const { point } = error;
    return form(
      submission.reply({
        formErrors: [
          message("quality:hpWpClient.notify.errors.pointChanged", {
            itp: point.itpNumber,
            position: point.position,
          }),
        ],
      }),
      409,
    );
  }

  // After the commit: those who release points hear of each one notified (quality notification settings)…
  for (const { lotId, item } of stepsToTell) {
    const lot = mails.find((mail) => mail.lotId === lotId);
    if (lot)
      await tellPointStep(em, {
        projectId: project.id,
        lot: { id: lotId, number: lot.lotNumber, title: lot.lotTitle },
        item,
        action: "notify",
        actorId: user.id,
      });
  }
  // …and the client (and the CC) get the mail with the link; a failed mail is logged, the link stands.
  for (const [index, { link, token, text }] of sent.entries()) {
    const url = lotLinkUrl({ id: link.id, purpose: "hold-points", lot: { id: mails[index].lotId } }, token);
    await notify(em, {
      projectId: project.id,
      event: "hp-wp-client-notified",
      recipients: [
        { email: values.clientEmail, name: values.clientName, link: url },
        ...values.cc.map((email) => ({ email, link: url })),
      ],
      title: async (mailLocale) =>
        (await serverT(mailLocale, "quality"))("hpWpClient.mail.subject", {
          lot: mails[index].lotNumber,
          project: project.name,
        }),
      body: async (mailLocale) =>
        `${text}\n\n${(await serverT(mailLocale, "quality"))("hpWpClient.mail.expires", {
          date: formatDate(link.expiresAt, mailLocale),
        })}`,
      link: null,
      actorId: user.id,
      fallbackLocale: projectLocale(project),
    });
  }
  return redirect(`${NOTIFY_PATH}?${sent.map(({ link }) => `sent=${link.id}`).join("&")}`);
}
