import { useQuery } from '@tanstack/react-query';
import type {
  AuthOptionsResponse,
  GoogleSignupResponse,
  LoginResponse,
  SignupResponse,
  SingleUserResponse,
  SuccessResponse,
  VerifyOtpResponse,
} from '@shop/contracts';
import { STORE_ID } from '../../../lib/api-client.ts';
import { authJson, requestJson } from '../../../lib/api-request.ts';

const main_id = STORE_ID;

export const login = (email: string, password: string) =>
  requestJson<LoginResponse>('POST', '/loginuser', { email, password, main_id });

export const googleSignup = (token: string) =>
  requestJson<GoogleSignupResponse>('POST', '/registeruser/api/google-signup', { token, main_id });

/** Local mode only: a Google-like ID token for a reserved test address. */
export const localGoogleToken = (email: string, name: string) =>
  requestJson<{ credential: string }>('POST', '/auth/google-local/token', { email, name });

export const sendOtp = (email: string) =>
  requestJson<SuccessResponse>('POST', '/registeruser/api/send-otp', { email, main_id });

/** Checks a code; a right one answers the single-use proof the signup or reset must send. */
export const verifyOtp = (email: string, otp: string) =>
  requestJson<VerifyOtpResponse>('POST', '/registeruser/api/verify-otp', { email, otp, main_id });

export const signup = (body: {
  email: string;
  mobile: string;
  full_name: string;
  password: string;
  signupToken: string;
}) => requestJson<SignupResponse>('POST', '/registeruser/api/signup', { ...body, main_id });

export const sendResetOtp = (email: string) =>
  requestJson<SuccessResponse>('POST', '/registeruser/api/resetsend-otp', { email, main_id });

export const resetPassword = (email: string, newPassword: string, resetToken: string) =>
  requestJson<SuccessResponse>('POST', '/registeruser/api/reset-password', {
    email,
    newPassword,
    resetToken,
    main_id,
  });

export const fetchUser = (userId: string, signal?: AbortSignal) =>
  authJson<SingleUserResponse>(
    'GET',
    `/registeruser/single/${encodeURIComponent(userId)}`,
    undefined,
    signal,
  );

export const registerDeviceToken = (userId: string, deviceToken: string | null, refresh = false) =>
  authJson<unknown>('POST', '/firebase/register-token', {
    user_id: userId,
    deviceToken,
    ...(refresh && { refresh }),
  });

/** Google sign-in settings and the native app shell's user-agent marker. */
export function useAuthOptions() {
  return useQuery({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) =>
      requestJson<AuthOptionsResponse>('GET', '/auth/options', undefined, signal),
    staleTime: Infinity,
  });
}
