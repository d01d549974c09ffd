import { brand } from '@bluepeak/core';
import type { OutgoingMessage } from '../outbox';

// The plain-text e-mails and SMS of sign-up and log-in. Short, branded, and never containing
// anything but what the reader needs (no password, no account data).
const signature = `\n\n${brand.trading_name}\n${brand.support_email} | ${brand.support_phone}`;
const ignoreIfNotYou = 'If this was not you, you can ignore this message; nothing changes.';

export function oneTimeCodeMessage(
  channel: 'email' | 'sms',
  to: string,
  code: string,
  purpose: string,
): OutgoingMessage {
  if (channel === 'sms') {
    return {
      channel,
      to,
      text: `${brand.trading_name}: ${code} is your code to ${purpose}. Never share it.`,
    };
  }
  return {
    channel,
    to,
    subject: `${brand.trading_name}: your one-time code`,
    text: `Your code to ${purpose} is ${code}. It works once, for 10 minutes. We will never ask you for it.\n\n${ignoreIfNotYou}${signature}`,
  };
}

export function confirmEmailMessage(to: string, link: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: confirm your e-mail address`,
    text: `Welcome to ${brand.trading_name}. Please confirm your e-mail address by opening this link:\n\n${link}\n\nThe link works once, for 48 hours.\n\n${ignoreIfNotYou}${signature}`,
  };
}

/** Sign-up with an address that already has an account: tell its owner, not the form. */
export function alreadyRegisteredMessage(
  to: string,
  loginLink: string,
  restoreLink: string,
): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: you already have an account`,
    text: `Someone tried to open a new account with this e-mail address, which already has one.\n\nLog in: ${loginLink}\nForgotten your password? ${restoreLink}\n\n${ignoreIfNotYou}${signature}`,
  };
}

export function restorePasswordMessage(to: string, link: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: set a new password`,
    text: `To set a new password, open this link:\n\n${link}\n\nThe link works once, for 1 hour. Setting a new password logs you out everywhere.\n\n${ignoreIfNotYou}${signature}`,
  };
}

export function passwordChangedMessage(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: your password was changed`,
    text: `The password of your account was changed and every session was ended.\n\nIf you did not do this, call us at once on ${brand.support_phone}.${signature}`,
  };
}

export function loginLockedMessage(to: string, minutes: number): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: log-in locked after failed attempts`,
    text: `We locked log-in to your account for ${minutes} minutes after five failed attempts in a row.\n\nIf this was not you, please change your password and call us on ${brand.support_phone}.${signature}`,
  };
}

export function decisionMessage(to: string, subject: string, body: string): OutgoingMessage {
  return { channel: 'email', to, subject: `${brand.trading_name}: ${subject}`, text: `${body}${signature}` };
}

export function codeChannelChangedMessage(to: string, channel: 'email' | 'sms'): OutgoingMessage {
  const how = channel === 'sms' ? 'by SMS to your verified phone' : 'by e-mail';
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: how you receive log-in codes changed`,
    text: `From now on your log-in codes come ${how}.\n\nIf you did not do this, change your password and call us at once on ${brand.support_phone}.${signature}`,
  };
}

export function authenticatorChangedMessage(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: a new authenticator app was set up`,
    text: `A new authenticator app now gives the codes for your log-ins and payments, and your other sessions were ended.\n\nIf you did not do this, call us at once on ${brand.support_phone}.${signature}`,
  };
}

export function loginSlowedMessage(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: log-in slowed down after failed attempts`,
    text: `Many wrong passwords or codes for your account came from different places, so each further attempt now has to wait a little longer, at most 15 minutes.\n\nIf this was not you, please change your password and call us on ${brand.support_phone}.${signature}`,
  };
}

/** The log-in e-mail or phone was changed: told to the OLD address, so a hijack is noticed. */
export function loginContactChangedMessage(
  to: string,
  kind: 'email' | 'phone',
  maskedNew: string,
): OutgoingMessage {
  const what = kind === 'email' ? 'e-mail address' : 'phone number';
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: your log-in ${what} was changed`,
    text: `The log-in ${what} of your account was changed to ${maskedNew}, and your other sessions were ended.${kind === 'email' ? ' This address no longer logs in.' : ''}\n\nIf you did not do this, call us at once on ${brand.support_phone}.${signature}`,
  };
}

/** A change of log-in e-mail to an address that already has an account: tell its owner, not the form. */
export function addressInUseMessage(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: this address already has an account`,
    text: `Someone asked to make this e-mail address the log-in of another account. It already logs in to an account with us, so nothing changes.\n\n${ignoreIfNotYou}${signature}`,
  };
}

/** A recovery code let someone in: told at once, with what is left. */
export function recoveryCodeUsedMessage(to: string, remaining: number): OutgoingMessage {
  const left =
    remaining === 0
      ? 'That was your last one: make new ones on the Security page of your settings.'
      : `${remaining} unused ${remaining === 1 ? 'code is' : 'codes are'} left. You can make new ones on the Security page of your settings.`;
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: a recovery code was used to log in`,
    text: `Someone logged in to your account with one of your recovery codes instead of a code from your authenticator app. ${left}\n\nIf you did not do this, change your password and call us at once on ${brand.support_phone}.${signature}`,
  };
}

/** New recovery codes were made: the old ones no longer work. */
export function recoveryCodesRenewedMessage(to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: `${brand.trading_name}: new recovery codes were made`,
    text: `New recovery codes were made for your authenticator app, the old ones no longer work, and your other sessions were ended.\n\nIf you did not do this, call us at once on ${brand.support_phone}.${signature}`,
  };
}
