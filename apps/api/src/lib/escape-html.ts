/** Escapes text for HTML (emails): `& < > " '` become numeric character references. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
