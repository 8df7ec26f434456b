/**
 * How a news body's HTML looks wherever it is shown (the dashboard, the archive and the admin's
 * preview): the page's reset strips list markers and link styles, which the body's own markup
 * needs back.
 */
export const NEWS_BODY_CLASS =
  "space-y-2 break-words text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5";
