/**
 * A workflow as a transition table: (from, action) → to, the permission the action needs, and
 * the guards (confirmation, comment, a condition on the record, the part the user plays on it). Pure data and pure functions, shared by every module's workflows
 * (the server side is workflow-step.server.ts). Expected refusals are typed results, never exceptions.
 */
import type { PermissionKey } from "~/server/permissions/keys";

export interface TransitionRow<S, A extends string> {
  from: S;
  action: A;
  /** `null` means the record is removed (delete). */
  to: S | null;
  /** Full permission key, e.g. `quality.lot.qa-review`. */
  permission: PermissionKey;
  /** The screen asks "Are you sure?" before the action is sent. */
  confirm?: true;
  /** A non-blank comment (the reason) must come with the action. */
  requiresComment?: true;
  /**
   * A condition on the record beyond its state (e.g. "no hold point is holding the lot"), or several,
   * checked in order: the first that refuses names the refusal.
   */
  guard?: TransitionGuard | readonly TransitionGuard[];
  /**
   * Who may run the row besides holding its permission: a part the user plays on this record (its raiser,
   * its assignee…), or any of several, which the caller reads on the record (TransitionInput.parties).
   * Without one, anyone holding the permission may.
   */
  party?: string | readonly string[];
}

/** A row's guards as a list, in the order they are checked. */
export function guardsOf(row: {
  guard?: TransitionGuard | readonly TransitionGuard[];
}): readonly TransitionGuard[] {
  if (!row.guard) return [];
  return Array.isArray(row.guard) ? row.guard : [row.guard as TransitionGuard];
}

/** What stops a guarded step, for the screen: a translation key and its parameters. */
export interface TransitionBlock {
  message: string;
  params?: Record<string, string | number>;
}

/**
 * A guard of a row: a name (for the declaration and tests) and a pure check of the facts the caller read on
 * the record (the lot's hold points…). A guarded step given no facts is refused: a caller cannot skip it.
 */
export interface TransitionGuard<F = any> {
  name: string;
  check(facts: F): TransitionBlock | null;
}

export type TransitionRefusal =
  | "not-allowed-from-state"
  | "missing-permission"
  | "comment-required"
  | "not-party"
  | "guard-refused";

export type TransitionResult<S, A extends string, R extends TransitionRow<S, A> = TransitionRow<S, A>> =
  | { ok: true; to: S | null; row: R }
  | { ok: false; reason: Exclude<TransitionRefusal, "guard-refused"> }
  | { ok: false; reason: "guard-refused"; guard: string; block: TransitionBlock | null };

export interface TransitionInput {
  comment?: string | null;
  /** What the row's guard checks, read on the record by the caller; required for a guarded row. */
  facts?: unknown;
  /** The parts the user plays on the record (see TransitionRow.party); a row with a party needs it here. */
  parties?: ReadonlySet<string>;
}

export interface Workflow<S, A extends string, R extends TransitionRow<S, A> = TransitionRow<S, A>> {
  rows: readonly R[];
  /** The row for (state, action), whatever the user may do; undefined when the table has none. */
  rowFor(state: S, action: A): R | undefined;
  /** The rows the user may run from this state (the buttons to show), as the parties they are to the record. */
  available(state: S, granted: ReadonlySet<string>, parties?: ReadonlySet<string>): R[];
  apply(
    state: S,
    action: A,
    granted: ReadonlySet<string>,
    input?: TransitionInput,
  ): TransitionResult<S, A, R>;
  /** Every permission key the table uses, sorted, without duplicates. */
  permissions: readonly PermissionKey[];
  /** The table as plain data for the module's manifest (the registry checks and snapshots it). */
  declaration: WorkflowDeclaration;
}

/**
 * A workflow's rows without their types, as a manifest declares them: the manifest stays plain data and
 * the permission-key type (derived from the manifests) does not depend on itself.
 */
export type WorkflowDeclaration = {
  rows: readonly { from: unknown; action: string; to: unknown; permission: string }[];
  stateKey: (state: never) => string;
};

function isParty(row: { party?: string | readonly string[] }, parties: ReadonlySet<string> | undefined) {
  if (row.party === undefined) return true;
  const wanted: readonly string[] = typeof row.party === "string" ? [row.party] : row.party;
  return wanted.some((party) => parties?.has(party) ?? false);
}

export function defineWorkflow<S, A extends string, R extends TransitionRow<S, A> = TransitionRow<S, A>>(
  rows: readonly R[],
  stateKey: (state: S) => string,
): Workflow<S, A, R> {
  const index = new Map<string, R>();
  for (const row of rows) {
    const key = `${stateKey(row.from)}|${row.action}`;
    // A programming error in the table, caught by the unit tests at import time.
    if (index.has(key)) throw new Error(`Duplicate transition row ${key}`);
    index.set(key, row);
  }

  const rowFor = (state: S, action: A) => index.get(`${stateKey(state)}|${action}`);

  return {
    rows,
    rowFor,
    available: (state, granted, parties) =>
      rows.filter(
        (row) =>
          stateKey(row.from) === stateKey(state) && granted.has(row.permission) && isParty(row, parties),
      ),
    apply(state, action, granted, input = {}) {
      const row = rowFor(state, action);
      if (!row) return { ok: false, reason: "not-allowed-from-state" };
      if (!granted.has(row.permission)) return { ok: false, reason: "missing-permission" };
      if (row.requiresComment && !input.comment?.trim()) return { ok: false, reason: "comment-required" };
      if (!isParty(row, input.parties)) return { ok: false, reason: "not-party" };
      for (const guard of guardsOf(row)) {
        const block = input.facts === undefined ? null : guard.check(input.facts);
        if (input.facts === undefined || block)
          return { ok: false, reason: "guard-refused", guard: guard.name, block };
      }
      return { ok: true, to: row.to, row };
    },
    permissions: [...new Set(rows.map((row) => row.permission))].sort(),
    declaration: { rows, stateKey: stateKey as (state: never) => string },
  };
}
