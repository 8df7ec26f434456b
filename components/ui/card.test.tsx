import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Card, cardClass, SectionCard } from "./card";

const classes = (html: string) => (html.match(/class="([^"]*)"/)?.[1] ?? "").split(" ").sort();
const sorted = (list: string) => list.split(" ").sort();

describe("Card", () => {
  it("is a div with the white panel's classes unless told otherwise", () => {
    const html = renderToStaticMarkup(<Card>text</Card>);
    expect(html.startsWith("<div ")).toBe(true);
    expect(classes(html)).toEqual(sorted("rounded-2xl bg-white p-6 shadow-xl"));
  });

  it("passes the element, its attributes and extra classes on", () => {
    const html = renderToStaticMarkup(
      <Card as="section" aria-labelledby="t" aria-busy padding="compact" className="min-w-0 space-y-4">
        <h2 id="t">Title</h2>
      </Card>,
    );
    expect(html).toMatch(/^<section aria-labelledby="t" aria-busy="true" class="/);
    expect(classes(html)).toEqual(sorted("min-w-0 rounded-2xl bg-white p-4 shadow-xl sm:p-6 space-y-4"));
  });

  it("leaves the padding to the caller when asked to", () => {
    expect(sorted(cardClass({ padding: "none", className: "p-5 sm:p-6" }))).toEqual(
      sorted("rounded-2xl bg-white p-5 shadow-xl sm:p-6"),
    );
  });

  it("as a section card, is a section named by its heading", () => {
    const html = renderToStaticMarkup(<SectionCard id="news" title="News" />);
    expect(html).toMatch(/^<section id="news" aria-labelledby="news-heading" class="/);
    expect(classes(html)).toEqual(sorted("rounded-2xl bg-white p-6 shadow-xl"));
    expect(html).toContain('<h2 id="news-heading"');
  });
});
