// The flags every Chromium launched here runs with (Debian's Chromium, see ensure-chromium.sh).
// Without the background-networking ones Chromium's own connections to the outside are refused
// here, which stalls or pollutes the runs.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
