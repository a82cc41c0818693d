import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { dayOfDateColumn } from "~/server/db/date-column";
import { containsPattern } from "~/server/db/like";
import {
  amongIds,
  type RegisterWhere,
  registerCount,
  registerPageRows,
  registerWhere,
  statusTotal,
} from "~/server/db/register-query";
import { isUuid } from "~/server/http/responses";
import { projectMemberChoices } from "~/server/members/project-members.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { ACTION_OPEN_STATUSES, type ActionStatus, type RiskRanking } from "../domain/action-workflow";
import { SafetyAction } from "../entities";
import { actionLabels } from "./action-labels.server";
import { type ActionQuery, readActionQuery } from "./action-rules";

/**
 * The actions register: its tab, search, filters, order and page, all from the URL, as one SQL query on
 * the table's indexes (the project's sequence, status, assignee, risk, label, due date, creator) and its
 * trigram index for the number-or-title search, so a project of 100,000 actions answers a page at once.
 * The page's ids come from the index alone and only those ten rows are joined to their people; the total
 * of the whole register or of one status is read from the per-status totals the database keeps
 * (safety_action_status_total), any other is counted (figures: bench/README.md).
 */

const OPEN = ACTION_OPEN_STATUSES.map((status) => `'${status}'`).join(", ");

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * My Actions are the ones assigned to the user or created by them: `either` for the page; the count adds
 * the two halves, `assigned` and `created` (and not assigned to them), each a range of its own index.
 */
type Mine = "either" | "assigned" | "created";

function whereFor(
  projectId: string,
  userId: string,
  query: ActionQuery,
  today: string,
  creatorIds: readonly string[],
  mine: Mine = "either",
) {
  const where = registerWhere("a.project_id = ?", projectId);
  if (query.tab === "my_actions") {
    if (mine === "assigned") where.add("a.assignee_id = ?", userId);
    else if (mine === "created")
      where.add("a.created_by_id = ? and a.assignee_id is distinct from ?", userId, userId);
    else where.add("(a.assignee_id = ? or a.created_by_id = ?)", userId, userId);
  }
  // Number or title on the trigram index, or a creator among the users whose name matches (looked up
  // first, so the creator index answers that half: the planner joins both halves as a bitmap "or").
  where
    .search(`a."number"::text || ' ' || a."title"::text`, query.q, amongIds("a.created_by_id", creatorIds))
    .equals("a.status", query.status)
    .equals("a.risk_ranking", query.risk)
    .equals("a.label", query.label)
    .equals("a.assignee_id", query.assignee);
  if (query.due === "overdue") where.add(`a.due_date < ? and a.status in (${OPEN})`, today);
  else if (query.due === "due_week")
    where.add(`a.due_date between ? and ? and a.status in (${OPEN})`, today, addDays(today, 7));
  else if (query.due === "later") where.add(`a.due_date > ? and a.status in (${OPEN})`, addDays(today, 7));
  else if (query.due === "no_due") where.add(`a.due_date is null and a.status in (${OPEN})`);
  return where;
}

/**
 * How many actions the query matches: the whole register's or one status's from the per-status totals
 * the triggers keep (a read of four rows at any size); My Actions as its two halves added (an "or" of two
 * indexes would read every matching action's row to count it); any other counted on its index.
 */
async function countActions(
  em: ProjectContext["em"],
  projectId: string,
  query: ActionQuery,
  where: (mine?: Mine) => RegisterWhere,
) {
  const byStatusOnly =
    query.tab === "all_actions" && !query.q && !query.risk && !query.label && !query.assignee && !query.due;
  if (byStatusOnly) return statusTotal(em, "safety_action_status_total", projectId, query.status);
  if (query.tab !== "my_actions") return registerCount(em, "safety_action a", where());
  const [assigned, created] = await Promise.all([
    registerCount(em, "safety_action a", where("assigned")),
    registerCount(em, "safety_action a", where("created")),
  ]);
  return assigned + created;
}

const ORDER: Record<ActionQuery["sort"], string> = {
  number: "a.sequence",
  title: "a.title",
  dueDate: "a.due_date",
  updatedAt: "a.updated_at",
};

/**
 * The people who created actions in the project and whose name contains the text (members or not any
 * more): the "created by" half of the search, each checked on the creator index.
 */
async function creatorsNamed(em: ProjectContext["em"], projectId: string, text: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select u.id from app_user u
     where u.name ilike ?
       and exists (select 1 from safety_action a where a.project_id = ? and a.created_by_id = u.id)`,
    [containsPattern(text), projectId],
  );
  return rows.map((row) => row.id);
}

type RawRow = {
  id: string;
  number: string;
  title: string;
  label: string | null;
  status: ActionStatus;
  risk_ranking: RiskRanking;
  due_date: string | Date | null;
  assignee: string | null;
  created_by: string | null;
};

export async function loadActionRegister(context: ProjectContext, url: URL) {
  const { em, project, user } = context;
  const query = readActionQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const today = new Date().toISOString().slice(0, 10);
  const creatorIds = query.q ? await creatorsNamed(em, project.id, query.q) : [];
  const whereOf = (mine?: Mine) => whereFor(project.id, user.id, query, today, creatorIds, mine);
  const where = whereOf();
  const direction = query.dir === "asc" ? "asc" : "desc";
  const order = `${ORDER[query.sort]} ${direction}, a.sequence ${direction}`;
  const [rows, total, members, labels] = await Promise.all([
    registerPageRows<RawRow>(em, {
      from: "safety_action a",
      id: "a.id",
      select: `a.id, a."number", a.title, a.label, a.status, a.risk_ranking, a.due_date,
               assignee.name as assignee, creator.name as created_by`,
      joins: `left join app_user assignee on assignee.id = a.assignee_id
              left join app_user creator on creator.id = a.created_by_id`,
      where,
      order,
      page,
      pageSize: DEFAULT_PAGE_SIZE,
    }),
    countActions(em, project.id, query, whereOf),
    projectMemberChoices(em, project.id),
    actionLabels(em, project.id),
  ]);
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    filters: { members, labels },
    rows: rows.map((row) => registerRow(row, today)),
  };
}

function registerRow(row: RawRow, today: string) {
  const dueDate = dayOfDateColumn(row.due_date);
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    label: row.label,
    status: row.status,
    riskRanking: row.risk_ranking,
    assignee: row.assignee,
    createdBy: row.created_by,
    dueDate,
    overdue: Boolean(dueDate && dueDate < today && ACTION_OPEN_STATUSES.includes(row.status)),
  };
}
export type ActionRegisterRow = ReturnType<typeof registerRow>;

/**
 * The action a deep link names (`actionId`: its id, or its number "ACT-0001"), if it is in the project;
 * null otherwise (the register then opens as the link asked, on All Actions).
 */
export async function actionOfDeepLink(
  context: ProjectContext,
  actionId: string | null,
): Promise<string | null> {
  const wanted: string = actionId?.trim() ?? "";
  if (!wanted) return null;
  const where = isUuid(wanted)
    ? { id: wanted, project: context.project.id }
    : { number: String(wanted).toUpperCase().slice(0, 20), project: context.project.id };
  const action = await context.em.findOne(SafetyAction, where, { fields: ["id"] });
  return action?.id ?? null;
}
