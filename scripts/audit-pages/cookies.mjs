/** A `Cookie` header's pairs as browser cookies for the site root, as a sign-in sets them. */
export const parseCookies = (header, url) =>
  header
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      // For the site root: a page URL would limit them to its folder.
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: new URL("/", url).href };
    });
