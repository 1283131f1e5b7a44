import type { ComponentChildren, VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { STYLESHEET_PATH } from './stylesheet.ts';
import { withoutBidiControls } from '../core/bidi.ts';

/**
 * A whole page as HTML text. Preact escapes every text and attribute value it is given, so no value needs escaping
 * here; bidirectional controls, which no markup of the service uses, are taken out of every text the page shows.
 */
export function renderDocument(page: VNode): string {
  return `<!doctype html>${withoutBidiControls(renderToString(page))}`;
}

export function Document(props: { title: string; children: ComponentChildren }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <link rel="stylesheet" href={STYLESHEET_PATH} />
      </head>
      <body>{props.children}</body>
    </html>
  );
}

/** A page of its own (sign-in, consent, an error): one narrow column. */
export function SimplePage(props: { title: string; children: ComponentChildren }) {
  return (
    <Document title={props.title}>
      <main class="narrow">{props.children}</main>
    </Document>
  );
}

export const Hidden = (props: { name: string; value: string }) => <input type="hidden" name={props.name} value={props.value} />;

export function Problem(props: { message: string | undefined }) {
  return props.message ? (
    <p class="error" role="alert">
      {props.message}
    </p>
  ) : null;
}
