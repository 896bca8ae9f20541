/**
 * What the logger never writes, wherever it appears in a logged object: the Aadhaar number
 * (sensitive personal data) and bearer tokens. Bodies are not logged anyway; this is the
 * second line.
 */
export const LOG_REDACTIONS = {
  paths: [
    'aadhar',
    '*.aadhar',
    '*.*.aadhar',
    'req.body.aadhar',
    'req.headers.authorization',
    'headers.authorization',
  ],
  censor: '[redacted]',
};
