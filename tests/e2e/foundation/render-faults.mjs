// Loaded with --import into the e2e web tier on the render-faults port only (playwright.config.ts),
// never into the product: the product's pages have no way to fail on demand, so this makes two
// of them fail for a marker that a test puts into a request, as a bug would.
// - A name containing NAME_FAULT throws where the dashboard page tidies the member's name (a
//   server component: the error page inside the root layout).
// - A user agent containing LAYOUT_FAULT throws where the root layout reads it (the whole-document
//   error page).
const NAME_FAULT = "NameFault";
const LAYOUT_FAULT = "LayoutFault";

const trim = String.prototype.trim;
String.prototype.trim = function trimOrFail() {
  if (String(this).includes(NAME_FAULT)) throw new Error("render fault injected by the e2e test");
  return trim.call(this);
};

const test = RegExp.prototype.test;
RegExp.prototype.test = function testOrFail(input) {
  // Only the root layout's mobile check (web/user-agent.ts); Next's own checks run as usual.
  if (this.source.startsWith("Mobi|Android") && String(input).includes(LAYOUT_FAULT)) {
    throw new Error("layout fault injected by the e2e test");
  }
  return test.call(this, input);
};
