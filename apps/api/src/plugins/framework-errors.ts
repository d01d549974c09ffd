import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './error-handler';

// Errors that Fastify's router and Node's HTTP parser answer before any route or error handler
// runs. Their defaults are plain JSON that echoes the request path; here they become the one
// problem+json shape and name no part of the request.

/**
 * Longer URLs are refused with 414 before routing. Node's parser stops earlier still, at its
 * header size limit (16 KiB by default, request line included), with the 431 written below.
 */
export const MAX_URL_LENGTH = 8 * 1024;

const ROUTER_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'Malformed URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'The URL is too long' },
};

/** Fastify's `frameworkErrors` option: a malformed URL, an over-long path parameter. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = ROUTER_ERRORS[error.code] ?? { status: 400, code: 'bad_request', message: 'Bad request' };
  request.log.info({ code: known.code, status: known.status }, 'request refused');
  return sendProblem(reply, problem(known.status, known.code, known.message, { request_id: request.id }));
}

/** An `onRequest` hook: a URL past the limit is a 414. */
export async function refuseLongUrl(request: FastifyRequest, reply: FastifyReply) {
  if (request.url.length <= MAX_URL_LENGTH) return;
  return sendProblem(reply, problem(414, 'uri_too_long', 'The URL is too long', { request_id: request.id }));
}

function clientErrorAnswer(code: string | undefined): { status: number; code: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'headers_too_large', message: 'The request headers are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'request_timeout', message: 'The request took too long' };
  if (code === 'HPE_URI_TOO_LONG')
    return { status: 414, code: 'uri_too_long', message: 'The URL is too long' };
  return { status: 400, code: 'bad_request', message: 'The request could not be read' };
}

/** Fastify's `clientErrorHandler`: what Node's HTTP parser refuses, written to the socket. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = clientErrorAnswer(error.code);
  const body = JSON.stringify(problem(answer.status, answer.code, answer.message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n` +
        'Content-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
