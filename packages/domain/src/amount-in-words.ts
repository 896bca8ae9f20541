import { assertPaise } from './rounding.ts';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0..99 in words ("" for 0). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const rest = n % 10;
  return rest === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]!} ${ONES[rest]!}`;
}

/** 0..999 in words ("" for 0). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds > 0 ? `${ONES[hundreds]!} Hundred` : '', belowHundred(rest)]
    .filter(Boolean)
    .join(' ');
}

/**
 * A whole number in words with the Indian system (thousand, lakh, crore; crores above 99 are
 * themselves read in lakhs and thousands: 1,00,00,00,000 is "One Hundred Crore").
 */
export function numberInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore > 0 ? `${numberInIndianWords(crore)} Crore` : '',
    lakh > 0 ? `${belowHundred(lakh)} Lakh` : '',
    thousand > 0 ? `${belowHundred(thousand)} Thousand` : '',
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An amount in words as an Indian invoice prints it: "Rupees One Lakh Twenty Three Thousand
 * Four Hundred Fifty Six and Seventy Eight Paise Only"; without paise "Rupees Five Hundred Only";
 * under a rupee "Rupees Zero and Fifty Paise Only". Throws RangeError for malformed paise.
 */
export function amountInWords(paise: number): string {
  assertPaise('Amount', paise);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  const words = `Rupees ${numberInIndianWords(rupees)}`;
  return rest === 0 ? `${words} Only` : `${words} and ${belowHundred(rest)} Paise Only`;
}
