/**
 * The sandbox's checkout script, served at GET /api/sandbox/checkout.js instead of Razorpay's
 * https://checkout.razorpay.com/v1/checkout.js. It defines `window.Razorpay` with the same
 * interface (see sandbox-checkout-routes.ts for the contract) and draws a modal like Razorpay's.
 * Plain ES2017 in a string: it runs in the browser as it is, from 'self' (CSP allows it).
 */
export const SANDBOX_CHECKOUT_JS = String.raw`(function () {
  'use strict';
  var API = '/api/sandbox/pay';
  function el(tag, style, text) {
    var e = document.createElement(tag);
    if (style) e.setAttribute('style', style);
    if (text) e.textContent = text;
    return e;
  }
  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.order_id) throw new Error('Razorpay: order_id is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }
  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };
  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (cb) { cb(payload); });
  };
  Razorpay.prototype.close = function () {
    if (this.root && this.root.parentNode) this.root.parentNode.removeChild(this.root);
    this.root = null;
  };
  Razorpay.prototype.open = function () {
    var self = this, o = this.options, color = (o.theme && o.theme.color) || '#2563eb';
    var method = 'upi';
    var root = el('div', 'position:fixed;inset:0;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;z-index:2147483647;font-family:system-ui,sans-serif');
    root.setAttribute('data-testid', 'sandbox-checkout');
    root.setAttribute('role', 'dialog');
    root.setAttribute('aria-modal', 'true');
    root.setAttribute('aria-label', 'Sandbox payment');
    var box = el('div', 'background:#fff;color:#111;width:min(360px,92vw);border-radius:10px;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.3)');
    var head = el('div', 'background:' + color + ';color:#fff;padding:16px;position:relative');
    head.appendChild(el('div', 'font-weight:600;font-size:16px', o.name || 'Checkout'));
    head.appendChild(el('div', 'font-size:13px;opacity:.9', o.description || 'Sandbox payment (no real money)'));
    head.appendChild(el('div', 'font-size:20px;font-weight:700;margin-top:6px', '\u20b9' + ((o.amount || 0) / 100).toFixed(2)));
    var x = el('button', 'position:absolute;top:8px;right:10px;background:none;border:0;color:#fff;font-size:22px;cursor:pointer', '\u00d7');
    x.setAttribute('aria-label', 'Close');
    x.setAttribute('data-testid', 'sandbox-close');
    head.appendChild(x);
    box.appendChild(head);
    var body = el('div', 'padding:16px;display:grid;gap:8px');
    [['upi', 'UPI'], ['card', 'Card'], ['netbanking', 'Net banking']].forEach(function (m) {
      var label = el('label', 'display:flex;gap:8px;align-items:center;padding:8px;border:1px solid #ddd;border-radius:6px;cursor:pointer');
      var input = el('input');
      input.type = 'radio'; input.name = 'sandbox-method'; input.value = m[0]; input.checked = m[0] === method;
      input.setAttribute('data-testid', 'sandbox-method-' + m[0]);
      input.addEventListener('change', function () { method = m[0]; });
      label.appendChild(input); label.appendChild(el('span', '', m[1]));
      body.appendChild(label);
    });
    var status = el('div', 'min-height:18px;font-size:13px;color:#b91c1c');
    status.setAttribute('role', 'status');
    var row = el('div', 'display:flex;gap:8px;margin-top:4px');
    var pay = el('button', 'flex:1;padding:10px;border:0;border-radius:6px;background:' + color + ';color:#fff;font-weight:600;cursor:pointer', 'Pay');
    pay.setAttribute('data-testid', 'sandbox-pay');
    var fail = el('button', 'flex:1;padding:10px;border:1px solid #b91c1c;border-radius:6px;background:#fff;color:#b91c1c;font-weight:600;cursor:pointer', 'Fail');
    fail.setAttribute('data-testid', 'sandbox-fail');
    row.appendChild(pay); row.appendChild(fail);
    body.appendChild(row); body.appendChild(status);
    box.appendChild(body); root.appendChild(box);
    function submit(outcome) {
      pay.disabled = true; fail.disabled = true; status.textContent = '';
      var prefill = o.prefill || {};
      fetch(API, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: o.order_id, method: method, outcome: outcome, email: prefill.email || undefined, contact: prefill.contact || undefined })
      }).then(function (res) {
        return res.json().then(function (data) { return { ok: res.ok, data: data }; });
      }).then(function (r) {
        if (!r.ok) { status.textContent = (r.data && r.data.msg) || 'Payment could not be made'; pay.disabled = false; fail.disabled = false; return; }
        self.close();
        if (r.data.ok) { if (typeof o.handler === 'function') o.handler(r.data.answer); }
        else self.emit('payment.failed', r.data.answer);
      }).catch(function () {
        status.textContent = 'Network error, please try again'; pay.disabled = false; fail.disabled = false;
      });
    }
    pay.addEventListener('click', function () { submit('success'); });
    fail.addEventListener('click', function () { submit('failure'); });
    x.addEventListener('click', function () {
      self.close();
      if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
    });
    this.root = root;
    document.body.appendChild(root);
    return this;
  };
  window.Razorpay = Razorpay;
})();
`;
