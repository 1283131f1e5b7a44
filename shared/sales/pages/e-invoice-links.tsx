/**
 * A document's e-invoice downloads: Peppol UBL and CII. Plain links, not `download` ones: the file comes as an
 * attachment, and a refusal is a page naming what the business or the customer lacks, which a download would hide.
 */
export function EInvoiceLinks(props: { base: string }) {
  return (
    <>
      <a class="button secondary" href={`${props.base}/e-invoice`}>
        E-invoice (UBL)
      </a>
      <a class="button secondary" href={`${props.base}/e-invoice?syntax=cii`}>
        E-invoice (CII)
      </a>
    </>
  );
}
