import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { apiPackageRoot } from '../../lib/package-root';

// XML Schema validation of a bank statement with xmllint (libxml2 compiled to WebAssembly, so
// it needs no system package and has no file system or network to reach). The schema is read
// once, from the package root (the bundle runs from dist/). A document type declaration is refused before xmllint sees the file: no entities.

export const CAMT053_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';
const SCHEMA_FILE = 'camt.053.001.08.xsd';
const MAX_ERRORS = 50;

let schema: Promise<string> | undefined;
const loadSchema = () => {
  schema ??= readFile(
    join(apiPackageRoot(), 'src', 'modules', 'bank-statements', 'schemas', SCHEMA_FILE),
    'utf8',
  );
  return schema;
};

export type SchemaCheck = { valid: true } | { valid: false; errors: string[] };

export async function validateCamt053(xml: string): Promise<SchemaCheck> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return { valid: false, errors: ['Document type declarations are not accepted'] };
  const result = await validateXML({
    xml: [{ fileName: 'statement.xml', contents: xml }],
    schema: [{ fileName: SCHEMA_FILE, contents: await loadSchema() }],
    // A 5 MB statement needs more than the default 16 MiB once parsed.
    maxMemoryPages: 2048,
  });
  if (result.valid) return { valid: true };
  const errors = result.errors.map((error) =>
    error.loc ? `line ${error.loc.lineNumber}: ${error.message}` : error.message,
  );
  return {
    valid: false,
    errors: (errors.length ? errors : ['The file is not valid XML']).slice(0, MAX_ERRORS),
  };
}
