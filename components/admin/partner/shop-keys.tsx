"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { z } from "zod";
import { api } from "@/components/api/client";
import { AlertDialog, useFocusAfterDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { apiPath } from "@/lib/api/endpoint";
import { partnerApi } from "@/lib/api/partner";
import { type ApiLoad, isApiProblem } from "@/lib/api/problem";
import { notify } from "@/lib/notify";
import type { ShopKey, shopKeyListSchema as ShopKeyListSchema } from "@/lib/schemas/partner";
import { shopKeyListSchema } from "../admin-schemas.lazy";
import { AdminCard, LoadingNote } from "../shared/admin-card";
import { useRefreshableCard } from "../shared/use-refreshable";
import { NewKeyDialog } from "./new-key-dialog";
import { type NewShopKey, ShopKeyForm } from "./shop-key-form";
import { ShopKeyList } from "./shop-key-list";
import { usePartnerFailure } from "./use-partner-failure";

/**
 * The shop's keys: the list the server loaded (asked for again through the API client after a
 * change, or to retry a failed load), the dialog that names a new key, the one that shows it
 * this once, and the confirmation before a key is revoked.
 */
export function ShopKeys({ initial }: { initial: ApiLoad<z.infer<typeof ShopKeyListSchema>> }) {
  const t = useTranslations("AdminPartner");
  const failureText = usePartnerFailure();
  const list = useRefreshableCard(
    apiPath(partnerApi.shopKeys),
    shopKeyListSchema,
    initial,
    (reason) => t("keys.loadFailed", { reason }),
    failureText,
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<NewShopKey | null>(null);
  const [revoking, setRevoking] = useState<ShopKey | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  // After a revoke the key's own button is gone: focus goes to "Create key" once the dialog has
  // closed (while it is open the page is inert and cannot take focus). The other dialogs give
  // it back to the button that opened them, "Create key" too.
  const focusAfterDialog = useFocusAfterDialog(Boolean(revoking));

  const onCreated = (key: NewShopKey) => {
    setCreating(false);
    setCreated(key);
    notify.success(t("keys.created", { name: key.name }));
    void list.reload();
  };

  const revoke = async (key: ShopKey): Promise<string | null> => {
    try {
      await api.delete(apiPath(partnerApi.revokeShopKey, { id: key.id }));
    } catch (error) {
      if (isApiProblem(error) && error.status === 404) {
        // Gone already: the list only needs to catch up.
      } else if (isApiProblem(error) && error.status === 403) return t("forbidden");
      else return t("keys.revokeFailed");
    }
    focusAfterDialog.current = createRef.current;
    setRevoking(null);
    notify.success(t("keys.revokeDone", { name: key.name }));
    void list.reload();
    return null;
  };

  const keys = list.data?.keys;
  return (
    <AdminCard
      headingId="shop-keys-heading"
      heading={t("keys.heading")}
      hint={t("keys.hint")}
      loading={list.loading}
      failure={list.failure}
      action={
        <Button ref={createRef} size="sm" onClick={() => setCreating(true)}>
          {t("keys.create")}
        </Button>
      }
    >
      <LoadingNote loading={list.loading} text={t("loading")} />
      {keys &&
        (keys.length === 0 ? (
          <div className="mt-4">
            <EmptyState title={t("keys.empty")}>{t("keys.emptyHint")}</EmptyState>
          </div>
        ) : (
          <ShopKeyList keys={keys} onRevoke={setRevoking} />
        ))}

      {creating && (
        <Dialog title={t("keys.createTitle")} onClose={() => setCreating(false)}>
          <ShopKeyForm onCreated={onCreated} onCancel={() => setCreating(false)} />
        </Dialog>
      )}
      {created && <NewKeyDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <AlertDialog
          title={t("keys.revokeTitle")}
          cancelLabel={t("cancel")}
          confirmLabel={t("keys.revoke")}
          busyLabel={t("keys.revoking")}
          onCancel={() => setRevoking(null)}
          onConfirm={() => revoke(revoking)}
        >
          <p>{t("keys.revokeQuestion", { name: revoking.name, prefix: revoking.prefix })}</p>
        </AlertDialog>
      )}
    </AdminCard>
  );
}
