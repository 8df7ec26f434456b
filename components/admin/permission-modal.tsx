"use client";

import { useTranslations } from "next-intl";
import { type FormEvent, useEffect, useId, useState } from "react";
import { z } from "zod";
import { useAuth } from "@/components/auth/auth-provider";
import { notify } from "@/lib/notify";
import { useAnimatedDialog } from "./media-viewer-dialog";

/** Spec §2: modals other than the media viewer close with a 300 ms animation. */
const MODAL_FADE_MS = 300;

// Read loosely: the list only needs a name to tick and a description to explain it.
export const permissionListSchema = z.object({
  permissions: z.array(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      name: z.string(),
      description: z.string().nullable().optional(),
      is_active: z.union([z.boolean(), z.number()]).optional(),
    }),
  ),
});
export type PermissionOption = z.infer<typeof permissionListSchema>["permissions"][number];

const userPermissionsSchema = z.object({
  permissions: z.array(
    z.union([z.string(), z.object({ name: z.string() }).transform((permission) => permission.name)]),
  ),
});

const isJson = (response: Response) => response.headers.get("content-type")?.includes("json") ?? false;

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
            const inactive = permission.is_active === false || permission.is_active === 0;
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
 * Spec §2/§6: edit a user's permissions in a modal; the ones the user has are pre-selected.
 * Its messages are German in both languages (spec §1 and §8). Mount it to open it; onClose
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
  const { apiFetch } = useAuth();
  const titleId = useId();
  const { dialogProps, requestClose } = useAnimatedDialog({ fadeMs: MODAL_FADE_MS, onClosed: onClose });
  const [load, setLoad] = useState<ModalLoad>({ state: "loading" });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let stale = false;
    (async (): Promise<ModalLoad> => {
      try {
        const [all, mine] = await Promise.all([
          apiFetch("/api/permissions"),
          apiFetch(`/api/auth/users/${encodeURIComponent(userId)}/permissions`),
        ]);
        // Spec §8: an HTML page where JSON was expected (a proxy or login page) has its own text.
        if ((all.ok && !isJson(all)) || (mine.ok && !isJson(mine))) {
          return { state: "failed", message: t("notJson") };
        }
        if (!all.ok || !mine.ok) return { state: "failed", message: t("loadFailed") };
        const permissions = permissionListSchema.safeParse(await all.json());
        const current = userPermissionsSchema.safeParse(await mine.json());
        if (!permissions.success || !current.success) return { state: "failed", message: t("loadFailed") };
        if (!stale) setSelected(new Set(current.data.permissions));
        return { state: "ready", permissions: permissions.data.permissions };
      } catch {
        return { state: "failed", message: t("loadFailed") };
      }
    })().then((next) => {
      if (stale) return;
      setLoad(next);
      if (next.state === "failed") notify.error(next.message);
    });
    return () => {
      stale = true;
    };
  }, [apiFetch, userId, t]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || load.state !== "ready") return;
    setSaving(true);
    const names = [...selected];
    try {
      const response = await apiFetch(`/api/admin/users/${encodeURIComponent(userId)}/permissions`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ permissions: names }),
      });
      if (!response.ok) {
        notify.error(t("saveFailed"));
        return;
      }
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
        {load.state === "loading" && (
          <p role="status" className="text-slate-700">
            {t("loading")}
          </p>
        )}
        {load.state === "failed" && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
            {load.message}
          </p>
        )}
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
          <button
            type="button"
            onClick={requestClose}
            className="inline-flex items-center justify-center rounded-lg border border-slate-400 bg-white px-4 py-2 font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            {t("cancel")}
          </button>
          {load.state === "ready" && (
            <button
              type="submit"
              aria-disabled={saving}
              className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-900 aria-disabled:cursor-wait aria-disabled:bg-slate-600"
            >
              {saving ? t("saving") : t("save")}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
