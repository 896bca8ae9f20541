/** Dates are shown in India's time whatever the device's zone: the shop and its days are there. */
const IST = 'Asia/Kolkata';
const day = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dayTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: IST,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const asDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** "23 Nov 2026" (IST). */
export const formatIndiaDate = (d: Date | string) => day.format(asDate(d));

/** "23 Nov 2026, 6:35 pm" (IST). */
export const formatIndiaDateTime = (d: Date | string) => dayTime.format(asDate(d));
