// A reader for ISO 20022 pain.002 (Customer Payment Status Report), the partner bank's answer
// to our pain.001. Only what settles or rejects a payment is read: the report's own message id,
// the original message id, the group status and each transaction's end-to-end id, status and
// reason code. A document type declaration is refused outright (no entities, no XXE), and the
// reader never follows anything outside the text it is given.

export type Pain002Status = 'settled' | 'rejected' | 'pending';
export type Pain002Transaction = {
  endToEndId: string;
  status: Pain002Status;
  code: string;
  reason: string | null;
};
export type Pain002Report = {
  messageId: string;
  originalMessageId: string;
  groupStatus: string | null;
  transactions: Pain002Transaction[];
};

export class Pain002Error extends Error {}

function first(xml: string, tag: string): string | null {
  const match = new RegExp(`<(?:\\w+:)?${tag}>([^<]*)</(?:\\w+:)?${tag}>`).exec(xml);
  return match?.[1]?.trim() ?? null;
}

function blocks(xml: string, tag: string): string[] {
  const pattern = new RegExp(`<(?:\\w+:)?${tag}>([\\s\\S]*?)</(?:\\w+:)?${tag}>`, 'g');
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? '');
}

function statusOf(code: string): Pain002Status {
  if (code === 'ACSC' || code === 'ACCC') return 'settled';
  if (code === 'RJCT') return 'rejected';
  return 'pending';
}

export function parsePain002(xml: string): Pain002Report {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Pain002Error('Document type declarations are not accepted');
  if (!/urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.\d\d/.test(xml))
    throw new Pain002Error('Not a pain.002 status report');
  const header = blocks(xml, 'GrpHdr')[0] ?? '';
  const messageId = first(header, 'MsgId');
  const original = blocks(xml, 'OrgnlGrpInfAndSts')[0] ?? '';
  const originalMessageId = first(original, 'OrgnlMsgId');
  if (!messageId || !originalMessageId) throw new Pain002Error('MsgId and OrgnlMsgId are required');
  const groupStatus = first(original, 'GrpSts');
  const transactions = blocks(xml, 'TxInfAndSts').map((block) => {
    const endToEndId = first(block, 'OrgnlEndToEndId');
    const code = first(block, 'TxSts') ?? groupStatus;
    if (!endToEndId || !code) throw new Pain002Error('Every TxInfAndSts needs OrgnlEndToEndId and TxSts');
    const reasonBlock = blocks(block, 'StsRsnInf')[0] ?? '';
    const reasonCode = first(reasonBlock, 'Cd');
    const reasonText = first(reasonBlock, 'AddtlInf');
    const reason = reasonCode || reasonText ? [reasonCode, reasonText].filter(Boolean).join(': ') : null;
    return { endToEndId, status: statusOf(code), code, reason };
  });
  return { messageId, originalMessageId, groupStatus, transactions };
}
