import type {
  CardWaitlistRequest,
  CardWaitlistResponse,
  EmailUnsubscribeRequest,
  EmailUnsubscribeResponse,
} from '@bluepeak/core/schemas';
import { apiRequest } from '../../lib/api-client';

// The public site's two writes: joining the card waitlist and leaving our e-mails.
export const joinCardWaitlist = (body: CardWaitlistRequest) =>
  apiRequest<CardWaitlistResponse>('/public/card-waitlist', { method: 'POST', body });

export const unsubscribeEmail = (body: EmailUnsubscribeRequest) =>
  apiRequest<EmailUnsubscribeResponse>('/public/email-unsubscribe', { method: 'POST', body });
