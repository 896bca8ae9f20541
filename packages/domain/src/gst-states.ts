/** A state or union territory as the GST system names and numbers it (the first 2 digits of a GSTIN). */
export interface GstState {
  code: string;
  name: string;
}

/**
 * The GST state codes in force (CBIC list). 25 (Daman and Diu) and 28 (undivided Andhra Pradesh)
 * are no longer issued and are left out: Daman and Diu is part of 26 since 2020 and Andhra Pradesh
 * is 37 since 2014.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
];

const BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

/** Lower case, '&' as 'and', letters only: "Andaman & Nicobar Islands" -> "andamanandnicobarislands". */
function squeeze(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

/** Older or common spellings, squeezed, to the code they mean. */
const ALIASES: Record<string, string> = {
  jammuandkashmir: '01',
  jandk: '01',
  uttaranchal: '05',
  nctofdelhi: '07',
  newdelhi: '07',
  nationalcapitalterritoryofdelhi: '07',
  chattisgarh: '22',
  orissa: '21',
  dadraandnagarhaveli: '26',
  damananddiu: '26',
  dnhanddd: '26',
  pondicherry: '34',
  andamanandnicobar: '35',
};

const BY_NAME = new Map<string, string>([
  ...GST_STATES.map((s): [string, string] => [squeeze(s.name), s.code]),
  ...Object.entries(ALIASES),
]);

/** The GST state of a 2-digit code ("27" or 27 -> Maharashtra), or null for an unknown code. */
export function gstStateByCode(code: string | number): GstState | null {
  const text = typeof code === 'number' ? String(code).padStart(2, '0') : code.trim();
  return BY_CODE.get(text) ?? null;
}

/**
 * The GST state a written state name means, ignoring case, spaces, punctuation and '&' vs 'and',
 * and knowing older spellings (Orissa, Pondicherry, Uttaranchal, Chattisgarh, Daman and Diu, ...).
 * Null when the name is not a state or union territory of India.
 */
export function gstStateByName(name: string): GstState | null {
  const code = BY_NAME.get(squeeze(name));
  return code === undefined ? null : (BY_CODE.get(code) ?? null);
}

/**
 * The state code of a GSTIN (its first 2 digits) when it is one of ours, else null. Only the
 * prefix is read; checking the whole GSTIN is another rule.
 */
export function gstStateOfGstin(gstin: string): GstState | null {
  const match = /^(\d{2})/.exec(gstin.trim());
  return match ? gstStateByCode(match[1]!) : null;
}
