// @ts-check
/**
 * Which API module owns each table of `@shop/db` (the names are the schema's exports). A module
 * reads and writes only its own tables; another module's data is reached through the owner's
 * service (`index.ts` or a `*-service.ts`), or, inside the caller's transaction, through a
 * function of the owner taking `tx` (like coupons' `redeemCoupon(tx, …)`).
 *
 * ESLint (eslint.config.js) turns this map into `no-restricted-imports` entries: in
 * `modules/<m>/**` (tests aside: they arrange rows directly), importing from `@shop/db` a table
 * another module owns is an error, unless `crossings` below names it. eslint-rules.test.ts checks
 * that every table of the schema has exactly one owner here.
 */

/** @type {Record<string, string[]>} module folder → the tables it owns */
export const tableOwners = {
  accounts: ['users', 'otpCodes', 'refreshTokens', 'deviceTokens', 'staffInvites'],
  addresses: ['addresses'],
  admissions: [
    'admissions',
    'admissionAadhaarReveals',
    'admissionConsentRequests',
    'courseDetails',
  ],
  audit: ['auditLog'],
  cart: ['cartLines'],
  // The catalogue's own state: its version, the search version, and the reviews it shows.
  catalogue: ['catalogueState', 'searchState', 'reviews'],
  // The version the checkout cache reads, bumped by triggers on the checkout data.
  checkout: ['checkoutState'],
  contact: ['leads', 'inquiries', 'shopNotices'],
  content: [
    'categories',
    'newArrivalGroups',
    'newArrivalProducts',
    'offers',
    'sliders',
    'marquees',
    'pageMeta',
    'contentPages',
  ],
  coupons: ['coupons', 'couponRedemptions'],
  // The shop's register of personal data breaches (issue 61 item 6).
  'data-breaches': ['dataBreaches'],
  delivery: ['deliveryPriceBands', 'freeDeliveryBands', 'pincodes'],
  inbox: ['inboxStates', 'inboxNotes'],
  invoices: ['taxDocumentCounters', 'taxDocuments'],
  orders: ['orders', 'orderLines', 'orderTimeline', 'orderEmails', 'orderUtrs'],
  // The sandbox tables are written by the sandbox gateway adapter (adapters/sandbox-gateway.ts,
  // webhook-outbox.ts), the gateway of payments' sandbox checkout; no other module touches them.
  payments: [
    'paymentEvents',
    'orderGatewayOrders',
    'refunds',
    'sandboxGatewayOrders',
    'sandboxGatewayPayments',
    'sandboxGatewayRefunds',
    'sandboxWebhookDeliveries',
  ],
  // A shopper's consents (issue 61 item 2).
  privacy: ['consents', 'privacyNoticeVersions', 'erasureRequests'],
  products: ['products', 'variations', 'groupedItems', 'sizeCharts'],
  quotes: ['quoteRequests'],
  'store-settings': [
    'stores',
    'storeSettings',
    'cartButtons',
    'payButtons',
    'paymentGatewaySettings',
  ],
};

/**
 * Tables no module owns: infrastructure outside `modules/` (no module may import them).
 * @type {Record<string, string>} table → the file that owns it
 */
export const infrastructureTables = {
  rateLimitCounters: 'plugins/rate-limiter.ts',
};

/**
 * The places where a module still touches another module's tables, each with why. The lint
 * allows exactly these; anything else is refused. `declared` crossings are deliberate (and say
 * why); `toMove` ones are known debts: each should go through the owner's service.
 * @type {Record<string, { tables: string[], why: string, kind: 'declared' | 'toMove' }[]>}
 */
export const crossings = {
  catalogue: [
    {
      kind: 'declared',
      tables: [
        'products',
        'variations',
        'groupedItems',
        'sizeCharts',
        'categories',
        'newArrivalGroups',
        'newArrivalProducts',
        'offers',
        'sliders',
        'marquees',
        'pageMeta',
        'cartButtons',
        'payButtons',
        'pincodes',
        'stores',
      ],
      why:
        'the catalogue is the public read model of the products, content and store tables: it ' +
        'only reads them, in one or two cached statements per answer (decisions 0018, 0026), ' +
        'and never writes them; their owners write them',
    },
  ],
  pricing: [
    {
      kind: 'declared',
      tables: ['products', 'variations'],
      why: 'pricing reads the prices and stock of any number of lines in one query; read only',
    },
  ],
  inbox: [
    {
      kind: 'declared',
      tables: [
        'leads',
        'inquiries',
        'quoteRequests',
        'admissions',
        'erasureRequests',
        'users',
        'stores',
      ],
      why:
        'the inbox is one UNION ALL read over the messages of contact, quotes and admissions ' +
        "and the privacy module's erasure requests (read only; its own state is in " +
        'inbox_states / inbox_notes)',
    },
  ],
  inventory: [
    {
      kind: 'declared',
      tables: ['products', 'variations'],
      why:
        'inventory owns the stock columns of products and variations (take, return, unsell ' +
        'stock, one conditional update per row; the products module writes everything else)',
    },
    {
      kind: 'declared',
      tables: ['orders', 'orderLines', 'users', 'orderGatewayOrders'],
      why:
        'inventory owns the stock-hold columns of orders (stock_hold_expires_at, ' +
        'stock_released_at): holds and the sweeper read the order and its lines and release ' +
        "under the order's and the account's row locks; the account gate is part of placing's " +
        'one statement (decision 0030)',
    },
  ],
  payments: [
    {
      kind: 'toMove',
      tables: ['orders', 'orderLines', 'orderTimeline', 'orderEmails'],
      why:
        "settling a payment writes the order's paid status, a timeline row and the emails it " +
        'owes in one conditional update: should become an orders function taking tx',
    },
  ],
  orders: [
    {
      kind: 'toMove',
      tables: ['users'],
      why:
        "the desk's list and search join the customer's name and email to the orders in one " +
        'statement: accounts should export the join',
    },
  ],
  cart: [
    {
      kind: 'toMove',
      tables: ['users'],
      why: "the cart's owner name is read with its lines",
    },
  ],
  content: [
    {
      kind: 'toMove',
      tables: ['products'],
      why: "the new arrivals' admin list shows each product's title and sku",
    },
  ],
};
