"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useState } from "react";
import { api } from "@/components/api/client";
import { Button } from "@/components/ui/button";
import { adminUserApi, permissionApi } from "@/lib/api/admin";
import { apiPath } from "@/lib/api/endpoint";
import { isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { Permission } from "@/lib/schemas/admin";
import {
  permissionListResponseSchema,
  permissionsSavedResponseSchema,
  userPermissionsResponseSchema,
} from "../admin-schemas.lazy";
import { useAnimatedDialog } from "./use-animated-dialog";
import { LoadState } from "./user-detail-sections";

/** Modals other than the media viewer close with a 300 ms animation. */
const MODAL_FADE_MS = 300;

export type PermissionOption = Permission;

/** Checkboxes for every permission, labelled with the name and described by the description. */
export function PermissionCheckboxes({
  permissions,
  selected,
  onChange,
  legend,
  disabled = false,
}: {
  permissions: PermissionOption[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  legend: string;
  disabled?: boolean;
}) {
  const t = useTranslations("AdminUser.permissions");
  const id = useId();
  const toggle = (name: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  return (
    <fieldset disabled={disabled} className="min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {permissions.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("noneAvailable")}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {permissions.map((permission) => {
            const inputId = `${id}-${permission.id}`;
            const inactive = !permission.is_active;
            return (
              <li key={permission.id} className="flex items-start gap-3">
                <input
                  id={inputId}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                  checked={selected.has(permission.name)}
                  onChange={(event) => toggle(permission.name, event.target.checked)}
                  aria-describedby={permission.description ? `${inputId}-description` : undefined}
                />
                <div className="min-w-0">
                  <label htmlFor={inputId} className="break-all font-mono text-sm text-slate-900">
                    {permission.name}
                    {inactive && <span className="ms-2 font-sans text-slate-700">{t("inactive")}</span>}
                  </label>
                  {permission.description && (
                    <p id={`${inputId}-description`} className="text-sm text-slate-700">
                      {permission.description}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

type ModalLoad =
  | { state: "loading" }
  | { state: "ready"; permissions: PermissionOption[] }
  | { state: "failed"; message: string };

/**
 * Edit a user's permissions in a modal; the ones the user has are pre-selected.
 * Its messages are German in both languages. Mount it to open it; onClose
 * runs after the closing fade, onSaved with the names that were saved.
 */
export function PermissionModal({
  userId,
  userLabel,
  onClose,
  onSaved,
}: {
  userId: string;
  userLabel: string;
  onClose: () => void;
  onSaved: (permissions: string[]) => void;
}) {
  const t = useTranslations("AdminUser.permissionModal");
  const tPermissions = useTranslations("AdminUser.permissions");
  const titleId = useId();
  const { dialogProps, requestClose } = useAnimatedDialog({ fadeMs: MODAL_FADE_MS, onClosed: onClose });
  const [load, setLoad] = useState<ModalLoad>({ state: "loading" });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let stale = false;
    Promise.all([
      api.get(apiPath(permissionApi.list), permissionListResponseSchema),
      api.get(apiPath(adminUserApi.permissions, { id: userId }), userPermissionsResponseSchema),
    ]).then(
      ([all, mine]) => {
        if (stale) return;
        setSelected(new Set(mine.permissions));
        setLoad({ state: "ready", permissions: all.permissions });
      },
      (error: unknown) => {
        if (stale) return;
        // An answer that is not the expected JSON (a proxy or login page) has its own text.
        const message =
          isApiProblem(error) && error.code === "INVALID_RESPONSE" ? t("notJson") : t("loadFailed");
        setLoad({ state: "failed", message });
        notify.error(message);
      },
    );
    return () => {
      stale = true;
    };
  }, [userId, t]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || load.state !== "ready") return;
    setSaving(true);
    const names = [...selected];
    try {
      await api.put(
        apiPath(adminUserApi.setPermissions, { id: userId }),
        { permissions: names },
        permissionsSavedResponseSchema,
      );
      notify.success(t("saved"));
      onSaved(names);
      requestClose();
    } catch {
      notify.error(t("saveFailed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog
      {...dialogProps}
      aria-labelledby={titleId}
      aria-busy={load.state === "loading"}
      className={`${dialogProps.className} m-auto max-h-[92vh] w-[calc(100vw-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60`}
    >
      <form onSubmit={save} className="space-y-4 p-6">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="break-all text-sm text-slate-700">{userLabel}</p>
        </div>
        <LoadState load={load} loadingText={t("loading")} spaced={false} />
        {load.state === "ready" && (
          <PermissionCheckboxes
            permissions={load.permissions}
            selected={selected}
            onChange={setSelected}
            legend={tPermissions("legend")}
            disabled={saving}
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={requestClose}>
            {t("cancel")}
          </Button>
          {load.state === "ready" && (
            <Button type="submit" loading={saving}>
              {saving ? t("saving") : t("save")}
            </Button>
          )}
        </div>
      </form>
    </dialog>
  );
}
