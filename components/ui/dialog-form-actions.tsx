import { Button } from "./button";

/**
 * A dialog form's buttons at its end: Cancel, which waits while the form is sent, and the submit
 * button, busy meanwhile (`submitLabel` says what it does at the moment).
 */
export function DialogFormActions({
  submitting,
  onCancel,
  cancelLabel,
  submitLabel,
}: {
  submitting: boolean;
  onCancel: () => void;
  cancelLabel: string;
  submitLabel: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" size="sm" onClick={onCancel} disabled={submitting}>
        {cancelLabel}
      </Button>
      <Button type="submit" size="sm" loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
