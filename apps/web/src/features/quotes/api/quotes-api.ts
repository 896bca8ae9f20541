import type { QuoteRequest, QuoteResponse } from '@shop/contracts';
import { authJson } from '../../../lib/api-request.ts';

/** POST /payment/getquote: the server prices the lines and records the request. */
export const requestQuote = (body: QuoteRequest) =>
  authJson<QuoteResponse>('POST', '/payment/getquote', body);
