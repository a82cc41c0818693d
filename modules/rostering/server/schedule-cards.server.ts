import { parseWithZod } from "@conform-to/zod/v4";
import type { EntityManager } from "@mikro-orm/postgresql";
import { redirect } from "@remix-run/node";
import { message } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { deleteSchema } from "../domain/roster-forms";
import {
  type CardChoiceGroup,
  rosterCardsSchema,
  sameName,
  scheduleCardGroupSchema,
  scheduleCardSchema,
  timeRange,
} from "../domain/schedule-cards";
import type { ShiftKind } from "../domain/types";
import { type IRoster, Roster, ScheduleCard, ScheduleCardGroup } from "../entities";
import { refuse, refuseField, registerSteps } from "./register-steps.server";
import { ENTITY, rosterPath, SCHEDULE_CARD_ENTITY, SCHEDULE_CARDS_PATH } from "./rostering-basics";

/**
 * Schedule cards (/rostering/rostering/schedule-cards, decision 046): the project's named shifts ("Day 12 h":
 * day, 06:00, 12 hours) in named groups. A roster chooses a day card and a night card; without one the
 * rostering settings' times apply. A card a roster uses is not deleted, nor a group holding one.
 */

export async function loadScheduleCards(context: ProjectContext) {
  const { em, project } = context;
  const [groups, cards, uses] = await Promise.all([
    em.find(ScheduleCardGroup, { project: project.id }, { orderBy: { name: "asc" } }),
    em.find(
      ScheduleCard,
      { project: project.id },
      { orderBy: { kind: "asc", startTime: "asc", name: "asc" } },
    ),
    cardUses(em, project.id),
  ]);
  return {
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      description: group.description,
      values: { name: group.name, description: group.description ?? "" },
      cards: cards
        .filter((card) => card.group.id === group.id)
        .map((card) => ({
          id: card.id,
          name: card.name,
          kind: card.kind,
          times: timeRange(card.startTime, card.hours),
          hours: card.hours,
          rosters: uses.get(card.id) ?? 0,
          values: {
            groupId: group.id,
            name: card.name,
            kind: card.kind,
            startTime: card.startTime,
            hours: String(card.hours),
          },
        })),
    })),
    can: {
      createGroup: context.can("rostering.schedule-card-group.create"),
      editGroup: context.can("rostering.schedule-card-group.edit"),
      deleteGroup: context.can("rostering.schedule-card-group.delete"),
      createCard: context.can("rostering.schedule-card.create"),
      editCard: context.can("rostering.schedule-card.edit"),
      deleteCard: context.can("rostering.schedule-card.delete"),
    },
  };
}
export type ScheduleCardsPage = Awaited<ReturnType<typeof loadScheduleCards>>;

/** How many of the project's rosters use each card (as their day or night card). */
async function cardUses(em: EntityManager, projectId: string) {
  const rows = await em.execute<{ card_id: string; rosters: string }[]>(
    `select card_id, count(distinct roster_id) as rosters from (
        select day_card_id as card_id, id as roster_id from roster where project_id = ? and day_card_id is not null
        union all
        select night_card_id, id from roster where project_id = ? and night_card_id is not null) uses
      group by card_id`,
    [projectId, projectId],
  );
  return new Map(rows.map((row) => [row.card_id, Number(row.rosters)]));
}

const M = (key: string, params?: Record<string, string | number>) =>
  message(`rostering:scheduleCards.messages.${key}`, params);

export async function scheduleCardAction(context: ProjectContext, intent: string, formData: FormData) {
  const { em, project } = context;
  const groupSteps = registerSteps(context, SCHEDULE_CARDS_PATH, SCHEDULE_CARD_ENTITY.group);
  const cardSteps = registerSteps(context, SCHEDULE_CARDS_PATH, SCHEDULE_CARD_ENTITY.card);
  const groupOf = (id: string | null | undefined) =>
    isUuid(id) ? em.findOne(ScheduleCardGroup, { id, project: project.id }) : Promise.resolve(null);
  const cardOf = (id: string | null | undefined) =>
    isUuid(id) ? em.findOne(ScheduleCard, { id, project: project.id }) : Promise.resolve(null);
  const uses = await cardUses(em, project.id);

  if (intent === "create-group" || intent === "update-group") {
    const submission = parseWithZod(formData, { schema: scheduleCardGroupSchema });
    if (submission.status !== "success") return refuse(submission);
    const values = submission.value;
    const existing = intent === "update-group" ? await groupOf(values.groupId) : null;
    if (intent === "update-group" && !existing) throw new Response("Not found", { status: 404 });
    const others = await em.find(ScheduleCardGroup, { project: project.id });
    if (others.some((other) => other.id !== existing?.id && sameName(other.name, values.name)))
      return refuse(submission, { fieldErrors: { name: [M("groupNameTaken")] } });
    const fields = { name: values.name, description: values.description };
    const activity = existing
      ? { before: { name: existing.name, description: existing.description }, after: fields }
      : { after: fields };
    await groupSteps.save(ScheduleCardGroup, existing?.id, fields, activity, { project: project.id });
    return groupSteps.back(
      existing
        ? "rostering:scheduleCards.messages.groupSaved"
        : "rostering:scheduleCards.messages.groupAdded",
      { name: values.name },
    );
  }

  if (intent === "delete-group") {
    const submission = parseWithZod(formData, { schema: deleteSchema("groupId") });
    if (submission.status !== "success") return refuse(submission);
    const group = await groupOf(String(submission.value.groupId));
    if (!group) throw new Response("Not found", { status: 404 });
    const cards = await em.find(ScheduleCard, { group: group.id });
    const rosters = cards.reduce((sum, card) => sum + (uses.get(card.id) ?? 0), 0);
    if (rosters > 0) return refuse(submission, { formErrors: [M("groupInUse", { count: rosters })] }, 409);
    await em.transactional(async (tx) => {
      await tx.nativeDelete(ScheduleCard, { group: group.id });
      tx.remove(tx.getReference(ScheduleCardGroup, group.id));
      groupSteps.log(tx, group.id, "deleted", {
        before: { name: group.name, cards: cards.map((card) => card.name) },
      });
    });
    return groupSteps.back("rostering:scheduleCards.messages.groupDeleted", { name: group.name });
  }

  if (intent === "create-card" || intent === "update-card") {
    const submission = parseWithZod(formData, { schema: scheduleCardSchema });
    if (submission.status !== "success") return refuse(submission);
    const values = submission.value;
    const existing = intent === "update-card" ? await cardOf(values.cardId) : null;
    if (intent === "update-card" && !existing) throw new Response("Not found", { status: 404 });
    const group = await groupOf(values.groupId);
    if (!group) return refuseField(submission, "groupId", "rostering:messages.choiceNotFound");
    const siblings = await em.find(ScheduleCard, { group: group.id });
    if (siblings.some((other) => other.id !== existing?.id && sameName(other.name, values.name)))
      return refuse(submission, { fieldErrors: { name: [M("cardNameTaken")] } });
    // A roster's card stays of the kind it was chosen for: a card in use keeps its kind.
    if (existing && existing.kind !== values.kind && (uses.get(existing.id) ?? 0) > 0)
      return refuse(submission, {
        fieldErrors: { kind: [M("kindInUse", { count: uses.get(existing.id) ?? 0 })] },
      });
    const fields = {
      group: group.id,
      name: values.name,
      kind: values.kind,
      startTime: values.startTime,
      hours: values.hours,
    };
    const shown = { ...fields, group: group.name };
    const activity = existing
      ? {
          before: {
            name: existing.name,
            kind: existing.kind,
            startTime: existing.startTime,
            hours: existing.hours,
          },
          after: shown,
        }
      : { after: shown };
    await cardSteps.save(ScheduleCard, existing?.id, fields, activity, { project: project.id });
    return cardSteps.back(
      existing ? "rostering:scheduleCards.messages.cardSaved" : "rostering:scheduleCards.messages.cardAdded",
      { name: values.name },
    );
  }

  if (intent === "delete-card") {
    const submission = parseWithZod(formData, { schema: deleteSchema("cardId") });
    if (submission.status !== "success") return refuse(submission);
    const card = await cardOf(String(submission.value.cardId));
    if (!card) throw new Response("Not found", { status: 404 });
    const rosters = uses.get(card.id) ?? 0;
    if (rosters > 0) return refuse(submission, { formErrors: [M("cardInUse", { count: rosters })] }, 409);
    await cardSteps.remove(ScheduleCard, card.id, {
      name: card.name,
      kind: card.kind,
      startTime: card.startTime,
      hours: card.hours,
    });
    return cardSteps.back("rostering:scheduleCards.messages.cardDeleted", { name: card.name });
  }
  throw redirect(SCHEDULE_CARDS_PATH);
}

/** The project's cards of each kind for a roster's selects, grouped by their group ("Day 12 h (06:00–18:00)"). */
export async function scheduleCardChoices(
  em: EntityManager,
  projectId: string,
): Promise<Record<ShiftKind, CardChoiceGroup[]>> {
  const cards = await em.find(
    ScheduleCard,
    { project: projectId },
    { populate: ["group"], orderBy: { group: { name: "asc" }, startTime: "asc", name: "asc" } },
  );
  const choices: Record<ShiftKind, CardChoiceGroup[]> = { day: [], night: [] };
  for (const card of cards) {
    const groups = choices[card.kind];
    let group = groups.find((candidate) => candidate.label === card.group.name);
    if (!group) {
      group = { label: card.group.name, options: [] };
      groups.push(group);
    }
    group.options.push({ value: card.id, label: `${card.name} (${timeRange(card.startTime, card.hours)})` });
  }
  return choices;
}

/**
 * The cards a roster form names, checked: each must be one of the project's cards of its kind. Returns the
 * ids (null: the settings' times) or the field that names something else.
 */
export async function checkRosterCards(
  em: EntityManager,
  projectId: string,
  values: { dayCardId: string | null | undefined; nightCardId: string | null | undefined },
): Promise<{ ok: true; dayCard: string | null; nightCard: string | null } | { ok: false; field: string }> {
  const picked = { dayCardId: values.dayCardId || null, nightCardId: values.nightCardId || null };
  for (const [field, kind] of [
    ["dayCardId", "day"],
    ["nightCardId", "night"],
  ] as const) {
    const id = picked[field];
    if (id === null) continue;
    const card = isUuid(id) ? await em.findOne(ScheduleCard, { id, project: projectId, kind }) : null;
    if (!card) return { ok: false, field };
  }
  return { ok: true, dayCard: picked.dayCardId, nightCard: picked.nightCardId };
}

/**
 * The roster page's set-cards intent (rostering.roster.edit): choose the roster's day and night cards. Like
 * any change, it takes a published roster back to draft.
 */
export async function setRosterCards(context: ProjectContext, roster: IRoster, formData: FormData) {
  const { em, project, user } = context;
  const submission = parseWithZod(formData, { schema: rosterCardsSchema });
  if (submission.status !== "success") return refuse(submission);
  const checked = await checkRosterCards(em, project.id, submission.value);
  if (!checked.ok) return refuseField(submission, checked.field, "rostering:messages.choiceNotFound");
  const before = { dayCard: roster.dayCard?.id ?? null, nightCard: roster.nightCard?.id ?? null };
  if (before.dayCard === checked.dayCard && before.nightCard === checked.nightCard)
    return redirect(rosterPath(roster.id));
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(Roster, { id: roster.id }, {
      dayCard: checked.dayCard,
      nightCard: checked.nightCard,
      ...(roster.status === "published" ? { status: "draft", publishedAt: null, publishedBy: null } : {}),
    } as never);
    recordActivity(tx, {
      projectId: project.id,
      actorId: user.id,
      entityType: ENTITY.roster,
      entityId: roster.id,
      action: "cards-changed",
      before,
      after: { dayCard: checked.dayCard, nightCard: checked.nightCard },
    });
  });
  return redirectWithToast(rosterPath(roster.id), {
    type: "success",
    message: "rostering:scheduleCards.messages.rosterCardsSaved",
  });
}
