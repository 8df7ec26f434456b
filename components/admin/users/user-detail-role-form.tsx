"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { useSchemaForm } from "@/components/forms/use-schema-form";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { RegisteredSelectField } from "@/components/ui/registered-fields";
import { adminUserApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { AdminUser, roleChangeSchema as RoleChangeSchema } from "@/lib/schemas/admin";
import { ROLES } from "@/lib/vocabulary";
import { roleChangeSchema } from "../admin-schemas.lazy";
import { useAdminApiErrorMessage } from "../shared/use-admin-error-text";

type Role = AdminUser["role"];
type Values = z.input<typeof RoleChangeSchema>;

/**
 * A super admin's role change for one user: the new role is chosen, then confirmed in a dialog
 * that says the user will be signed out everywhere (a new role starts with a new sign-in). The
 * API decides who may do it; this form is only shown to super admins, never for oneself.
 */
export function UserRoleForm({
  userId,
  email,
  role,
  onChanged,
}: {
  userId: string;
  email: string;
  role: Role;
  onChanged: (role: Role) => void;
}) {
  const t = useTranslations("AdminUser.role");
  const tValues = useTranslations("AdminArea.values");
  const apiErrorMessage = useAdminApiErrorMessage();
  const [pending, setPending] = useState<Role | null>(null);
  const { register, handleSubmit, watch, reset } = useSchemaForm<Values, z.output<typeof RoleChangeSchema>>(
    roleChangeSchema,
    { defaultValues: { role } },
  );
  const chosen = watch("role");

  const change = async (next: Role): Promise<string | null> => {
    try {
      await api.put(apiPath(adminUserApi.setRole, { id: userId }), { role: next });
    } catch (error) {
      return isApiProblem(error) ? apiErrorMessage(error, t("failed")) : t("failed");
    }
    setPending(null);
    reset({ role: next });
    notify.success(t("changed", { email, role: tValues(`role.${next}`) }));
    onChanged(next);
    return null;
  };

  return (
    <form
      noValidate
      className="mt-4 flex flex-wrap items-end gap-2"
      onSubmit={handleSubmit((values) => setPending(values.role))}
    >
      <RegisteredSelectField
        id="user-role"
        label={t("label")}
        hint={t("hint")}
        registration={register("role")}
        values={ROLES}
        text={(option) => tValues(`role.${option}`)}
      />
      <Button type="submit" variant="secondary" size="sm" disabled={chosen === role}>
        {t("submit")}
      </Button>
      {pending && (
        <AlertDialog
          title={t("dialogTitle")}
          cancelLabel={t("cancel")}
          confirmLabel={t("confirm")}
          busyLabel={t("changing")}
          onCancel={() => setPending(null)}
          onConfirm={() => change(pending)}
        >
          <p className="break-words">
            {t("question", { email, from: tValues(`role.${role}`), to: tValues(`role.${pending}`) })}
          </p>
          <p>{t("effect")}</p>
        </AlertDialog>
      )}
    </form>
  );
}
