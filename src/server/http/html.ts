// The built client's index.html with a page's own head: its title, description and the tags link
// previews read (Open Graph, Twitter cards), written by the server before any script runs.

/** Text made safe inside an HTML element or a double- or single-quoted attribute. */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface PageHead {
  title: string;
  description: string;
  /** The page's canonical absolute URL. */
  canonical: string;
  /** Open Graph and Twitter tags: `og:*` as property, anything else as name. Values are escaped here. */
  meta: Array<[string, string]>;
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[\s\S]*?\/?>/;

/** index.html with `head`'s title and description in place of the app's, and its tags before </head>. */
export function withHead(index: string, head: PageHead): string {
  const tags = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    ...head.meta.map(
      ([key, value]) =>
        `<meta ${key.startsWith("og:") ? "property" : "name"}="${escapeHtml(key)}" content="${escapeHtml(value)}" />`,
    ),
  ];
  return index
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace("</head>", () => `    ${tags.join("\n    ")}\n  </head>`);
}
