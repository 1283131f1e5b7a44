/**
 * What a Factur-X (ZUGFeRD 2) PDF of profile EN 16931 says of the CII it carries (`shared/sales/factur-x-pdf.ts`
 * makes it): the file's name, and the XMP that names it, with the Factur-X extension schema that PDF/A requires
 * for properties outside its own.
 */
export const FACTUR_X_FILE = 'factur-x.xml';
const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const property = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/** The XMP of a Factur-X EN 16931 invoice: its four properties, and their schema described for PDF/A. */
export const FACTUR_X_XMP = `
        <rdf:Description xmlns:fx="${FX_NAMESPACE}" rdf:about="">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'The name of the embedded XML document')}${property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${property('Version', 'The actual version of the standard applying to the embedded XML document')}${property('ConformanceLevel', 'The conformance level of the embedded XML document')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
`;
