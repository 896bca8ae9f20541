import { auditSection } from './audit/audit-section.ts';
import { contentSection } from './content/content-section.ts';
import { couponsSection } from './coupons/coupons-section.ts';
import { deliverySection } from './delivery/delivery-section.ts';
import { dashboardSection } from './dashboard/dashboard-section.ts';
import { inboxSection } from './inbox/inbox-section.ts';
import { ordersSection } from './orders/orders-section.ts';
import { categoriesSection } from './products/categories/categories-section.ts';
import { privacySection } from './privacy/privacy-section.ts';
import { productsSection } from './products/products-section.ts';
import { settingsSection } from './settings/settings-section.ts';
import { staffSection } from './staff/staff-section.ts';

/** The admin's areas in nav order. */
export const adminSections = [
  dashboardSection,
  ordersSection,
  productsSection,
  categoriesSection,
  contentSection,
  inboxSection,
  deliverySection,
  couponsSection,
  settingsSection,
  staffSection,
  privacySection,
  auditSection,
];
