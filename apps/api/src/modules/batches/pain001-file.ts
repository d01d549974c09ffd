import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BATCH_MAX_ROWS } from '@bluepeak/core/payments';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';
import { apiPackageRoot } from '../../lib/package-root';
import { fileRefused, tooManyRows } from './batch-errors';
import type { RawRow } from './batch-files';

// A customer credit transfer file (pain.001.001.09, the EPC SEPA profile) read into rows. A
// document type declaration is refused before anything parses the file, so no entity (external
// ones for XXE, nested ones for billion laughs) is ever expanded; then the schema decides.
const SCHEMA_FILE = 'pain.001.001.09.epc-sct-2023.xsd';
let schema: Promise<string> | undefined;
const loadSchema = () => {
  schema ??= readFile(join(apiPackageRoot(), 'src', 'modules', 'batches', 'schemas', SCHEMA_FILE), 'utf8');
  return schema;
};

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, key) => (current as Node | undefined)?.[key], node);
const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'object'
      ? String((value as Node)['#text'] ?? '')
      : String(value);

export async function readPain001(content: Buffer): Promise<{ rows: RawRow[]; messageId: string }> {
  const xml = content.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw fileRefused('Document type declarations are not accepted');
  if (!xml.includes('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09'))
    throw fileRefused('Only pain.001.001.09 customer credit transfer files are accepted');
  const result = await validateXML({
    xml: [{ fileName: 'batch.xml', contents: xml }],
    schema: [{ fileName: SCHEMA_FILE, contents: await loadSchema() }],
    maxMemoryPages: 4096,
  });
  if (!result.valid) {
    const first = result.errors[0];
    const where = first?.loc ? `line ${first.loc.lineNumber}: ` : '';
    throw fileRefused(
      `The file does not match the pain.001.001.09 schema (${where}${first?.message ?? 'not XML'})`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    processEntities: false,
    parseTagValue: false,
  });
  const document = parser.parse(xml) as Node;
  const initiation = at(document, 'Document', 'CstmrCdtTrfInitn');
  const messageId = textOf(at(initiation, 'GrpHdr', 'MsgId')) ?? '';
  const rows: RawRow[] = [];
  for (const info of list(at(initiation, 'PmtInf'))) {
    for (const transfer of list(info.CdtTrfTxInf)) {
      if (rows.length >= BATCH_MAX_ROWS) throw tooManyRows();
      const amount = at(transfer, 'Amt', 'InstdAmt') as Node;
      rows.push({
        row: rows.length + 1,
        fields: {
          name: textOf(at(transfer, 'Cdtr', 'Nm')),
          iban: textOf(at(transfer, 'CdtrAcct', 'Id', 'IBAN')),
          bic: textOf(at(transfer, 'CdtrAgt', 'FinInstnId', 'BICFI')),
          amount: textOf(amount),
          currency: String(amount?.['@Ccy'] ?? ''),
          description: textOf(at(transfer, 'RmtInf', 'Ustrd')),
        },
      });
    }
  }
  if (rows.length === 0) throw fileRefused('The file has no credit transfers');
  return { rows, messageId };
}
