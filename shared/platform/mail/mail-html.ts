const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);

/**
 * The HTML body of a plain-text e-mail: the same words, each paragraph escaped, the link made a link. Every e-mail
 * the service writes is text first, so the two bodies never say different things.
 */
export function htmlOfMailText(text: string, link?: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => escapeHtml(paragraph).replaceAll('\n', '<br>'))
    .map((paragraph) => (link ? paragraph.replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`) : paragraph));
  return `<!doctype html><html><body style="font-family: sans-serif">${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}</body></html>`;
}
