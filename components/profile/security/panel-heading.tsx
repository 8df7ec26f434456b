/** The heading of a panel in the security section, with the sentence that explains it. */
export function PanelHeading({
  id,
  as: Heading = "h3",
  title,
  description,
}: {
  id: string;
  as?: "h2" | "h3";
  title: string;
  description: string;
}) {
  return (
    <div>
      <Heading id={id} className="font-semibold text-slate-900">
        {title}
      </Heading>
      <p className="mt-1 text-sm text-slate-700">{description}</p>
    </div>
  );
}
