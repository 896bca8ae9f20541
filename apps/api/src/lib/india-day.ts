/** "9 December 2026": a day as the shop's shoppers read it, in India's time zone. */
export const indiaDay = (at: Date): string =>
  at.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
