"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { notify } from "@/lib/notify";
import type { NewShopKey } from "./shop-key-form";

/**
 * A new key, shown this once: in a read-only field that takes the focus with the key selected
 * (so it can be copied by hand where the clipboard is not available), a copy button, and the
 * sentence that it will not be shown again. Closing it forgets the key.
 */
export function NewKeyDialog({ created, onClose }: { created: NewShopKey; onClose: () => void }) {
  const t = useTranslations("AdminPartner.keys");

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      notify.success(t("copied"));
    } catch {
      // No clipboard outside a secure context, or permission refused.
      notify.error(t("copyFailed"));
    }
  };

  return (
    <Dialog
      title={t("createdTitle")}
      description={<p>{t("createdOnce")}</p>}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t("done")}</Button>}
    >
      <div className="space-y-3">
        <Field label={t("key", { name: created.name })}>
          {(control) => (
            <Textarea
              {...control}
              readOnly
              rows={2}
              value={created.key}
              spellCheck={false}
              autoComplete="off"
              onFocus={(event) => event.currentTarget.select()}
              className="resize-none font-mono text-sm break-all"
            />
          )}
        </Field>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {t("copy")}
        </Button>
      </div>
    </Dialog>
  );
}
