import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, chunksOf, LINES_PER_CHUNK } from '../../shared/banking/imports.ts';
import { OfxSyntaxError, parseOfx } from '../../shared/banking/ofx.ts';
import { readStatement } from '../../shared/banking/statement-import.ts';
import { RuleViolation } from '../../shared/platform/core/errors.ts';

const SGML = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX>
<BANKMSGSRSV1><STMTTRNRS><STMTRS>
<CURDEF>USD
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260503120000<TRNAMT>-12.50<FITID>A-1<NAME>Coffee &amp; cake<MEMO>Card 1234</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20260504<TRNAMT>1,250.00</TRNAMT><FITID>A-2</FITID></STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>1237.50<DTASOF>20260531</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>`;

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><BANKTRANLIST>
<STMTTRN><DTPOSTED>20260503</DTPOSTED><TRNAMT>-12.50</TRNAMT><FITID>X-1</FITID><NAME>Books &lt;used&gt;</NAME></STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`;

/** The fastest of `runs` tries of `read`, in milliseconds, whatever it threw: the least disturbed by the machine. */
/** Reads an OFX file, a refusal counting as read: what is timed is how long the parser takes either way. */
function readQuietly(content: string): void {
  try {
    readStatement({ format: 'ofx', content });
  } catch {
    // Refusing the input is fine; taking long over it is not.
  }
}

function fastest(read: () => unknown, runs = 5): number {
  let best = Infinity;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    try {
      read();
    } catch {
      // Refusing the input is fine; taking long over it is not.
    }
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

function refusal(read: () => unknown): RuleViolation {
  try {
    read();
  } catch (error) {
    if (error instanceof RuleViolation) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('OFX statements', () => {
  it('reads an SGML OFX 1 file: leaves with and without end tags, entities, the stated balance', () => {
    const read = readStatement({ format: 'ofx', content: SGML });
    expect(read.lines).toEqual([
      { date: '2026-05-03', amount: -12.5, description: 'Coffee & cake · Card 1234', external_id: 'A-1' },
      { date: '2026-05-04', amount: 1250, description: undefined, external_id: 'A-2' },
    ]);
    expect(read.closing).toEqual({ date: '2026-05-31', balance: 1237.5 });
  });

  it('reads an XML OFX 2 card statement', () => {
    expect(readStatement({ format: 'ofx', content: XML }).lines).toEqual([{ date: '2026-05-03', amount: -12.5, description: 'Books <used>', external_id: 'X-1' }]);
  });

  it('refuses a DTD before any entity is read', () => {
    const content = `<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]><?OFX OFXHEADER="200"?><OFX>&x;</OFX>`;
    expect(() => parseOfx(content)).toThrow(OfxSyntaxError);
    expect(refusal(() => readStatement({ format: 'ofx', content })).problems[0]).toMatchObject({ field: 'content', message: expect.stringContaining('DTD') });
  });

  it('refuses an XML element with attributes, which OFX never writes, before the XML parser reads it', () => {
    const content = `<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><SIGNONMSGSRSV1 lang="en"></SIGNONMSGSRSV1></OFX>`;
    expect(refusal(() => readStatement({ format: 'ofx', content })).problems[0]!.message).toContain('attributes');
    expect(readStatement({ format: 'ofx', content: XML.replace('<OFX>', '<OFX >') }).lines).toHaveLength(1);
  });

  it('names what is wrong with a file that is not OFX', () => {
    expect(refusal(() => readStatement({ format: 'ofx', content: 'OFXHEADER:100\n<OFX><A>' })).problems[0]!.field).toBe('content');
    expect(refusal(() => readStatement({ format: 'ofx', content: 'OFXHEADER:100\n<OFX></B>' })).problems[0]!.message).toContain('not open');
    expect(refusal(() => readStatement({ format: 'ofx', content: 'no markup at all' })).problems[0]!.message).toContain('<OFX>');
  });

  // The security review found a 78-byte file that held ofx-js for 3.7 s, each two letters more multiplying that by
  // 4 to 5. The review's probe is read at once (a generous bound, far below what the old parser took) ...
  it("reads or refuses the review's 78-byte probe at once", () => {
    const probe = 'OFXHEADER:100\n<OFX><AAAAAAAAAAAAAAAAAAAAAAAAAA>x';
    expect(fastest(() => readStatement({ format: 'ofx', content: probe }))).toBeLessThan(500);
  });

  // ... and every hostile shape takes time linear in its length. Sixteen times the input must take about as long as
  // sixteen inputs: a parser that backtracks (the square of the length, 16 times as long; or worse) fails by far. A ratio
  // measured in one run holds on a busy machine, where an absolute bound in milliseconds does not.
  const SCALE = 16;
  const shapes: Record<string, (size: number) => string> = {
    'a long element name': (size) => `OFXHEADER:100\n<OFX><${'A'.repeat(size)}>x`,
    'dots among letters': (size) => `OFXHEADER:100\n<OFX><${'A.'.repeat(size / 2)}>x`,
    'an open tag with a long attribute': (size) => `OFXHEADER:100\n<OFX><A ${'a'.repeat(size)}`,
    'XML with a long attribute': (size) => `<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><A ${'a'.repeat(size)}`,
    'XML with many attributes': (size) => `<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><A ${'b=c '.repeat(size / 4)}>`,
    'nesting without end': (size) => `OFXHEADER:100\n<OFX>${'<A>'.repeat(size / 3)}`,
    'end tags of nothing': (size) => `OFXHEADER:100\n<OFX>${'</A>'.repeat(size / 4)}`,
    'angle brackets': (size) => `OFXHEADER:100\n<OFX>${'<'.repeat(size)}`,
    'leaves without end': (size) => `OFXHEADER:100\n<OFX>${'<A>x'.repeat(size / 4)}</OFX>`,
  };
  // A quarter of what a request carries: above that, fast-xml-parser's validator (which builds an attribute a
  // character at a time) meets the garbage collector and its times scatter (5 ms at 240 KB, 60 to 180 ms at 1 MB,
  // measured), which is no backtracking but would make the ratio flaky. Divisible by every repeated unit above.
  const LARGE = 240_000;
  for (const [name, shape] of Object.entries(shapes)) {
    it(`reads or refuses ${name} in time linear in its length`, () => {
      const small = shape(LARGE / SCALE);
      const large = shape(LARGE);
      const smallOnes = () => {
        for (let copy = 0; copy < SCALE; copy += 1) readQuietly(small);
      };
      fastest(smallOnes, 2); // the first calls pay for warming up the code
      // The large input against as many small ones, each timing long enough that the clock's grain and one pause of
      // the collector do not decide it (a small input alone takes a fraction of a millisecond): linear is about 1,
      // square 16.
      const ratio = fastest(() => readQuietly(large)) / fastest(smallOnes);
      expect(ratio).toBeLessThan(4);
    });
  }

  // The largest file a request carries, of each shape, is read or refused with a reason (a parser that backtracks
  // would hold the test past its timeout instead).
  for (const [name, shape] of Object.entries(shapes)) {
    it(`reads or refuses a megabyte of ${name}, naming the content`, () => {
      const content = shape(1_020_000);
      const outcome = (() => {
        try {
          return readStatement({ format: 'ofx', content }).lines.length;
        } catch (error) {
          if (error instanceof RuleViolation) return error.problems[0]!.field;
          throw error;
        }
      })();
      expect([0, 'content']).toContain(outcome);
    });
  }

  it('refuses a file longer than a request can carry before reading it', () => {
    expect(() => parseOfx(`<OFX>${' '.repeat(1_048_577)}</OFX>`)).toThrow(/longer than/);
  });
});

describe('imported rows keep the rules of POST …/lines', () => {
  const csv = (rows: string[]) => readStatement({ format: 'csv', content: ['date,amount,description,id', ...rows].join('\n'), mapping: { date: 'date', amount: 'amount', description: 'description', external_id: 'id' } });

  it('refuses an amount over the published cap, naming the row', () => {
    const problems = refusal(() => csv(['2026-05-01,10.00,ok,', '2026-05-02,90071992547409.91,too much,'])).problems;
    expect(problems).toEqual([{ field: 'line 3', message: expect.stringContaining('amount must be at most 999999999999.99') }]);
  });

  it('refuses a description over 500 characters and an external id over 200, naming each row', () => {
    const problems = refusal(() => csv([`2026-05-01,1.00,${'d'.repeat(501)},`, `2026-05-02,1.00,ok,${'i'.repeat(201)}`])).problems;
    expect(problems).toEqual([
      { field: 'line 2', message: expect.stringContaining('description must be at most 500 characters') },
      { field: 'line 3', message: expect.stringContaining('external_id must be at most 200 characters') },
    ]);
  });

  it('applies the same rules to OFX transactions and to the stated balance', () => {
    const content = SGML.replace('<TRNAMT>-12.50', '<TRNAMT>-1000000000000.00').replace('<BALAMT>1237.50', '<BALAMT>5000000000000');
    expect(refusal(() => readStatement({ format: 'ofx', content })).problems).toEqual([{ field: 'transaction 1', message: expect.stringContaining('amount must be at least') }]);
    expect(readStatement({ format: 'ofx', content: SGML.replace('<BALAMT>1237.50', '<BALAMT>5000000000000') }).closing).toBeUndefined();
  });
});

describe('queued imports are cut by size as well as count', () => {
  it('keeps short lines to the count per chunk', () => {
    const { chunks } = chunksOf(Array.from({ length: 600 }, (_, index) => ({ date: '2026-05-01', amount: 1, description: 'short', external_id: `id-${index}` })));
    expect(chunks.map((chunk) => chunk.length)).toEqual([LINES_PER_CHUNK, LINES_PER_CHUNK, 100]);
  });

  it('keeps every chunk of long lines under the item budget, in order, none lost', () => {
    const lines = Array.from({ length: 1_000 }, (_, index) => ({ date: '2026-05-01', amount: 1, description: `${index}:${'é'.repeat(490)}`, external_id: 'é'.repeat(200) }));
    const { chunks } = chunksOf(lines);
    expect(chunks.length).toBeGreaterThan(Math.ceil(lines.length / LINES_PER_CHUNK));
    for (const chunk of chunks) expect(Buffer.byteLength(JSON.stringify(chunk))).toBeLessThanOrEqual(CHUNK_BYTES + 1_000);
    expect(chunks.flat()).toEqual(lines);
  });
});
