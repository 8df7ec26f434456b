const detailText = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : JSON.stringify(value);

/** An audit entry's details as key/value pairs; nothing when it has none. */
export function AuditDetails({
  details,
  className = "",
}: {
  details: Record<string, unknown>;
  className?: string;
}) {
  const pairs = Object.entries(details);
  if (pairs.length === 0) return null;
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 ${className}`.trim()}>
      {pairs.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-mono text-slate-700">{key}</dt>
          <dd className="min-w-0 break-all">{detailText(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
