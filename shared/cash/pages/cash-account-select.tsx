/** The bank or cash account money moves through, as a form picks it: each by name and currency, the typed one kept. */
export function CashAccountSelect(props: { id: string; label: string; accounts: readonly { readonly id: string; readonly name: string; readonly currency: string }[]; selected: string | undefined }) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name="payment_account_id" required>
        {props.accounts.map((account) => (
          <option value={account.id} selected={account.id === props.selected}>
            {account.name} ({account.currency})
          </option>
        ))}
      </select>
    </>
  );
}
