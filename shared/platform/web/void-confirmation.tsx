/**
 * The step between a void's button and the void: what is about to be reversed and on which day, a button that
 * voids it and a way back that changes nothing. A void cannot be undone, so its button on a record's page only
 * opens this page (a GET, which posts nothing), and the void is the press here.
 */
import { Hidden, renderDocument } from './layout.tsx';
import type { Viewer } from './viewer.ts';
import { Frame } from './frame.tsx';
import { FormTokens } from './parts.tsx';

export interface VoidConfirmation {
  /** What is voided, as its page titles it: "invoice INV-00003". */
  readonly what: string;
  readonly facts: readonly (readonly [string, string])[];
  /** Where the void posts, and the record's page to go back to. */
  readonly action: string;
  readonly back: string;
  /** The void date typed beside the button, if any: its reversal's booking day. */
  readonly voidDate: string | undefined;
  /** The record's own date, on which the reversal is booked when no void date was typed. */
  readonly ownDate: string;
  /** Whether it posted to the books (an estimate or an order did not: its void only marks it). */
  readonly posted: boolean;
  /** How many files it has that the viewer may delete: above 0, a box offers to delete them with it (unticked: they stay). */
  readonly removableFiles?: number;
}

export function voidConfirmationPage(viewer: Viewer, view: VoidConfirmation): string {
  const on = view.voidDate ?? view.ownDate;
  return renderDocument(
    <Frame viewer={viewer} title={`Void ${view.what}?`}>
      <div class="card">
        <dl class="facts">
          {view.facts.map(([label, value]) => (
            <>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </>
          ))}
        </dl>
        {view.posted ? (
          <p>
            Its posting is reversed on {on}
            {view.voidDate ? '' : ' (its own date)'}, so the books of that day no longer hold it. A void cannot be undone: to book it again, create it again.
          </p>
        ) : (
          <p>It posted nothing, so nothing is reversed: it is marked void from {on}. A void cannot be undone.</p>
        )}
        <form method="post" action={view.action} class="inline">
          <FormTokens viewer={viewer} />
          {view.voidDate ? <Hidden name="void_date" value={view.voidDate} /> : null}
          {view.removableFiles ? (
            <p>
              <label>
                <input type="checkbox" name="remove_attachments" value="true" /> Also delete its {view.removableFiles === 1 ? 'file' : `${view.removableFiles} files`} (left unticked, they stay as evidence)
              </label>
            </p>
          ) : null}
          <button type="submit" class="danger">
            Void {view.what}
          </button>
        </form>{' '}
        <a href={view.back}>Keep it</a>
      </div>
    </Frame>,
  );
}
