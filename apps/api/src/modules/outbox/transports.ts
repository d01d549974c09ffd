import nodemailer from 'nodemailer';

// The outside world behind two small interfaces, so delivery can be swapped (a real SMS
// provider, a different mail relay) without touching the outbox worker.
export interface EmailTransport {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

export interface SmsGateway {
  send(message: { to: string; text: string }): Promise<void>;
}

export function smtpTransport(smtpUrl: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transporter.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}

/** A generic HTTP SMS gateway: POSTs `{ to, text }` as JSON and expects a 2xx answer. */
export function httpSmsGateway(url: string, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    async send(message) {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
