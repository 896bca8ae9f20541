import type {
  ContentPageResponse,
  InquiryRequest,
  LeadRequest,
  OfficeResponse,
  PublicFormResponse,
} from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { authJson, requestJson } from '../../../lib/api-request.ts';
import { getAccessToken } from '../../../lib/session.ts';

const store = encodeURIComponent(STORE_ID);

/** The API path of a content page: the server inlines this answer in the page's first screen. */
export const contentPagePath = (slug: string) => `/pages/${store}/${encodeURIComponent(slug)}`;
export const officePath = `/register/officesingle/${store}`;

export const getContentPage = (slug: string, signal?: AbortSignal) =>
  getJson<ContentPageResponse>(contentPagePath(slug), signal);

export const getOffice = (signal?: AbortSignal) => getJson<OfficeResponse>(officePath, signal);

/** POST /leads: signed in, the call carries the token (the server records the sender). */
export const sendLead = (body: LeadRequest) =>
  getAccessToken()
    ? authJson<PublicFormResponse>('POST', '/leads', body)
    : requestJson<PublicFormResponse>('POST', '/leads', body);

export const sendInquiry = (body: InquiryRequest) =>
  requestJson<PublicFormResponse>('POST', '/inquiry', body);
