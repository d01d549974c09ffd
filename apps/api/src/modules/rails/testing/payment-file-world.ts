import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { useDemoWorld } from '../../../testing/demo-world';
import { confirmByCode, postPayment } from '../../payments/testing/payment-fixtures';

export const ALICE = 'private@demo.test';
const schemaPath = join(import.meta.dirname, '..', 'iso20022', 'pain.001.001.09.epc-sct-2023.xsd');

/**
 * The world of the payment-file tests: Alice pays from a well-funded euro account, the payments
 * operator exports pain.001 files and imports pain.002 reports.
 */
export function usePaymentFileWorld() {
  const { test, accounts, sessions } = useDemoWorld({
    accounts: { aliceEur: [ALICE, 'EUR', 5_000_000] },
    sessions: { alice: [ALICE], operator: ['payments@demo.test', true] },
  });
  let keys = 0;
  const newKey = () => `files-${++keys}`;

  async function payAndConfirm(body: Record<string, unknown>) {
    const created = await postPayment(test.app, sessions.alice, body);
    const confirmed = await confirmByCode(test.app, sessions.alice, ALICE, created.json().data.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return created.json().data as { id: string; end_to_end_id: string; total: number };
  }

  async function statusOf(id: string): Promise<string> {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/client/payments/${id}`,
      headers: sessions.alice.headers,
    });
    return response.json().data.status;
  }

  async function validate(xml: string) {
    return validateXML({
      xml: [{ fileName: 'file.xml', contents: xml }],
      schema: [{ fileName: 'pain.001.xsd', contents: await readFile(schemaPath, 'utf8') }],
    });
  }

  async function exportFile(rail: 'sepa' | 'swift') {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/backoffice/payment-files',
      headers: sessions.operator.headers,
      payload: { rail },
    });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json().data;
    const download = await test.app.inject({
      method: 'GET',
      url: `/api/backoffice/payment-files/${file.id}/xml`,
      headers: sessions.operator.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="pain\.001-/);
    return { file, xml: download.body };
  }

  function pain002(originalMessageId: string, messageId: string, rows: [string, string][]) {
    return `<?xml version="1.0" encoding="UTF-8"?>
  <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
    <CstmrPmtStsRpt>
      <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-01-05T10:00:00Z</CreDtTm></GrpHdr>
      <OrgnlGrpInfAndSts><OrgnlMsgId>${originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId></OrgnlGrpInfAndSts>
      <OrgnlPmtInfAndSts>
        <OrgnlPmtInfId>X</OrgnlPmtInfId>
  ${rows
    .map(
      ([endToEnd, status]) =>
        `      <TxInfAndSts><OrgnlEndToEndId>${endToEnd}</OrgnlEndToEndId><TxSts>${status}</TxSts>${
          status === 'RJCT'
            ? '<StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Account closed</AddtlInf></StsRsnInf>'
            : ''
        }</TxInfAndSts>`,
    )
    .join('\n')}
      </OrgnlPmtInfAndSts>
    </CstmrPmtStsRpt>
  </Document>`;
  }

  /** Sends a rail's payments through the simulator or in files, as the payments operator. */
  const setChannel = (rail: string, channel: 'simulator' | 'file') =>
    test.app.inject({
      method: 'PUT',
      url: `/api/backoffice/payment-rails/${rail}`,
      headers: sessions.operator.headers,
      payload: { channel },
    });

  return {
    test,
    accounts,
    sessions,
    newKey,
    setChannel,
    payAndConfirm,
    statusOf,
    validate,
    exportFile,
    pain002,
  };
}
