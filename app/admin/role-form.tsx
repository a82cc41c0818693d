import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/app/ui/button";
import { FormAlert, TextField } from "~/app/ui/field";
import { formValidation } from "~/app/ui/form-validation";
import { useHydrated } from "~/app/ui/use-hydrated";
import { translateMessage } from "~/app/utils/message-key";
import {
  type EditorModule,
  levelsOf,
  ROLE_NAME_MAX,
  resolveSelection,
  roleFormSchema,
} from "~/server/admin/role-rules";
import type { RoleEditorData } from "~/server/admin/roles.server";
import { RoleFullAccess } from "./role-full-access";
import { RolePermissionTree, type TreeSelection } from "./role-permission-tree";
import { RoleUnsavedChanges } from "./role-unsaved-changes";

type Posted = { fullAccess?: string; actions?: string | string[]; level?: Record<string, string> };

/** The editor starts from the role, or from what was posted when the server sent the form back. */
function initialState(modules: EditorModule[], data: RoleEditorData, lastResult?: SubmissionResult | null) {
  const posted = lastResult?.initialValue as (Posted & { initialLevel?: Record<string, string> }) | undefined;
  const keys = posted
    ? resolveSelection(modules, {
        level: posted.level ?? {},
        initialLevel: posted.initialLevel ?? {},
        actions: [posted.actions ?? []].flat(),
      })
    : (data.role?.grantedActions ?? []);
  const levels = levelsOf(modules, keys);
  return {
    fullAccess: posted ? posted.fullAccess === "on" : (data.role?.fullAccess ?? false),
    tree: { selected: new Set(keys), levels } satisfies TreeSelection,
  };
}

export function RoleForm({
  data,
  lastResult,
}: {
  data: RoleEditorData;
  lastResult?: SubmissionResult | null;
}) {
  const { t } = useTranslation(["roles", "common"]);
  const navigation = useNavigation();
  const { modules, role } = data;
  const confirmationNeeded = !role?.fullAccess;
  const schema = useMemo(
    () => roleFormSchema(modules, { confirmationNeeded }),
    [modules, confirmationNeeded],
  );
  const [start] = useState(() => initialState(modules, data, lastResult));
  const [fullAccess, setFullAccess] = useState(start.fullAccess);
  const [confirmed, setConfirmed] = useState(false);
  const [tree, setTree] = useState<TreeSelection>(start.tree);
  const [dirty, setDirty] = useState(false);
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "role",
    lastResult,
    defaultValue: { name: role?.name ?? "" },
    ...formValidation,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const translate = (errors?: string[]) => errors?.map((error) => translateMessage(t, error));
  const cancelTo = role ? `${data.basePath}/detail/${role.id}` : data.basePath;
  const submitting = navigation.state === "submitting";

  return (
    <Form method="post" {...getFormProps(form)} onChange={() => setDirty(true)} className="space-y-6">
      <RoleUnsavedChanges when={dirty && !submitting} />
      <FormAlert id={form.errorId} errors={translate(form.errors)} />
      <TextField
        label={t("form.name")}
        errors={translate(fields.name.errors)}
        className="max-w-xl"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: ROLE_NAME_MAX + 1 }}
      />
      <RoleFullAccess
        checked={fullAccess}
        onChange={(next) => {
          setFullAccess(next);
          setDirty(true);
        }}
        confirmationNeeded={confirmationNeeded}
        confirmed={confirmed}
        onConfirmed={setConfirmed}
        errors={translate(fields.confirmFullAccess.errors)}
      />
      <section aria-labelledby="permissions-heading" className="space-y-3">
        <div>
          <h2 id="permissions-heading" className="text-lg font-semibold text-slate-900">
            {t("form.permissions")}
          </h2>
          <p className="text-sm text-slate-600">
            {fullAccess ? t("form.permissionsCoveredByFullAccess") : t("form.permissionsHint")}
          </p>
        </div>
        <FormAlert id="permissions-error" errors={translate(fields.actions.errors)} />
        <RolePermissionTree
          modules={modules}
          value={tree}
          initialLevels={start.tree.levels}
          onChange={setTree}
          // Without JavaScript the tree stays usable: unticking full access and choosing permissions is one post.
          disabled={hydrated && fullAccess}
        />
      </section>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Link to={cancelTo} className={buttonClass("secondary")}>
          {t("form.cancel")}
        </Link>
        <Button type="submit" loading={submitting}>
          {role ? t("form.save") : t("form.create")}
        </Button>
      </div>
    </Form>
  );
}
