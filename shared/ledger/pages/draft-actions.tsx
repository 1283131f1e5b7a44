import type { Scope } from '../../platform/http/scopes.ts';
import type { Viewer } from '../../platform/web/viewer.ts';
import { ActionButton } from '../../platform/web/parts.tsx';

/**
 * What a draft's page offers: approving it (the approve verb), or changing (where it has an editor) or deleting it
 * (whoever may prepare it).
 */
export function DraftActions(props: { viewer: Viewer; base: string; label: string; scopes: { readonly save: Scope; readonly approve: Scope }; id: string; editable?: boolean }) {
  const { viewer, base, scopes, id } = props;
  return (
    <>
      <p class="muted">A draft: nothing is posted, and it takes its number when it is approved.</p>
      {props.editable && viewer.scopes.has(scopes.save) ? (
        <a class="button secondary" href={`${base}/${id}/edit`}>
          Edit draft
        </a>
      ) : null}
      {viewer.scopes.has(scopes.approve) ? <ActionButton action={`${base}/${id}/approve`} viewer={viewer} label={`Approve ${props.label.toLowerCase()}`} /> : null}
      {viewer.scopes.has(scopes.save) ? <ActionButton action={`${base}/${id}/delete`} viewer={viewer} label="Delete draft" danger /> : null}
    </>
  );
}
