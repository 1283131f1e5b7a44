import type { PlacedEntry } from './form-entry.tsx';

/**
 * The fields of a form that e-mails a record to its customer (an invoice, a statement): whom it goes to, blank for
 * the customer's own address, and the sender's message, each with what was typed and its refusal after a refused send.
 */
export function SendFields(props: { entry: PlacedEntry; customerEmail: string | null }) {
  const { entry } = props;
  return (
    <>
      <label for="send-to">Send to</label>
      <input id="send-to" type="text" name="to" placeholder={props.customerEmail ?? 'name@example.com'} value={entry.value('to')} {...entry.invalid('to')} aria-describedby={['send-to-hint', entry.invalid('to')['aria-describedby']].filter(Boolean).join(' ')} />
      <p class="hint" id="send-to-hint">
        {props.customerEmail ? `Empty: the customer's address, ${props.customerEmail}.` : 'The customer has no e-mail address: type one.'} Several addresses: separate them with commas.
      </p>
      {entry.errors('to')}
      <label for="send-message">Message</label>
      <textarea id="send-message" name="message" rows={3} maxLength={5000} {...entry.invalid('message')}>
        {entry.value('message')}
      </textarea>
      {entry.errors('message')}
    </>
  );
}
