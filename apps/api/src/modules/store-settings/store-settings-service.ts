import {
  type AcademySettings,
  CART_BUTTON_IDS,
  PAY_BUTTON_IDS,
  type SecuritySettings,
  type SecuritySettingsPatch,
  type SecuritySettingsView,
  type StoreButtons,
  type StoreButtonsResponse,
  type StoreProfile,
  type StoreProfileFields,
  type UpiSettings,
  type UpiSettingsView,
} from '@shop/contracts';
import {
  checkGstin,
  checkUpiQr,
  defaultCartMode,
  gstStateByCode,
  switchedOnPayModes,
  type PayButtonId,
  paiseToRupees,
  upiPayLink,
  UPI_TEST_NOTE,
} from '@shop/domain';
import type { PincodeDirectory } from '../../adapters/pincode-directory.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import { readQrCode, upiQrSvg } from '../../lib/upi-qr.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { SessionsService } from '../accounts/sessions-service.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { MediaService } from '../media/media-service.ts';
import type {
  StoreSettingsRepository,
  StoreSettingsRow,
  StoreRow,
} from './store-settings-repository.ts';

const NO_SETTINGS = 'This store has no settings yet: save the store profile first.';
const NO_STORE = 'This store does not exist.';
const NO_EMAIL =
  'Sign-in codes cannot reach anyone yet: this server has no email set up. Ask whoever runs the server to set the email server (SMTP_URL), then try again.';
const NO_TEST_CODE =
  'Send a test code to your email and type it here before turning this on, so you know the codes arrive.';

/**
 * What turning the staff code on checks: that the server's email reaches inboxes, and the test
 * code the owner received (the accounts module's codes: stored hashed, ten minutes, once).
 */
export interface SecondFactorChecks {
  emailReady(): boolean;
  sendTestCode: AccountsService['sendSecondFactorTest'];
  useTestCode: AccountsService['useSecondFactorTest'];
}
/** The checkout window's colour before the owner picks one (the column's default). */
const DEFAULT_COLOR = '#2563eb';
const DEFAULT_PAY_LABELS: Record<(typeof PAY_BUTTON_IDS)[number], string> = {
  paynow: 'Pay now',
  payondelivery: 'Pay on delivery',
};

type ButtonsView = StoreButtonsResponse['data'];
type ButtonRows = Awaited<ReturnType<StoreSettingsRepository['buttons']>>;

/** Every known button, on or off as stored (a missing row is off), and the flagged default. */
function toButtons({ cart, pay }: ButtonRows): ButtonsView {
  const cartOf = new Map(cart.map((b) => [b.buttonId, b]));
  const payOf = new Map(pay.map((b) => [b.buttonId, b]));
  return {
    cart_buttons: CART_BUTTON_IDS.map((id) => ({
      button_id: id,
      active: cartOf.get(id)?.status === 'Active',
    })),
    default_cart_button: defaultCartMode(
      cart.map((b) => ({ button_id: b.buttonId, default: b.isDefault })),
    ),
    pay_buttons: PAY_BUTTON_IDS.map((id) => ({
      button_id: id,
      label: payOf.get(id)?.label ?? DEFAULT_PAY_LABELS[id],
      active: payOf.get(id)?.status === 'Active',
    })),
  };
}

type UpiRow = NonNullable<Awaited<ReturnType<StoreSettingsRepository['upi']>>>;

/** The ₹1 test payment (paise) the owner scans to check the UPI ID reaches the shop's bank. */
const TEST_PAISE = 100;

/** The UPI settings as the admin shows them, with the ₹1 test payment to the saved UPI ID. */
async function toUpiView(row: UpiRow | null): Promise<UpiSettingsView> {
  const upiId = row?.upiId ?? '';
  const payeeName = row?.upiPayeeName ?? '';
  let test: UpiSettingsView['test_payment'] = null;
  if (upiId !== '') {
    const link = upiPayLink({ upiId, payeeName, amountPaise: TEST_PAISE, note: UPI_TEST_NOTE });
    test = {
      amount: paiseToRupees(TEST_PAISE),
      upi_id: upiId,
      payee_name: payeeName,
      note: UPI_TEST_NOTE,
      link,
      qr_svg: await upiQrSvg(link),
    };
  }
  return {
    upi_id: upiId,
    payee_name: payeeName,
    enabled: row?.enabled ?? false,
    qr_image: row?.upiQrImage ?? '',
    test_payment: test,
  };
}

const toSecurity = (row: { staffSecondFactor: boolean }): SecuritySettings => ({
  staff_second_factor: row.staffSecondFactor,
});

function toProfile(
  store: StoreRow,
  s: StoreSettingsRow | null,
  color: string | null,
): StoreProfile {
  return {
    configured: s !== null,
    name: store.name,
    logo: store.logoUrl,
    color: color ?? DEFAULT_COLOR,
    email: store.email,
    phone: store.phone,
    whatsapp_number: store.whatsappNumber,
    legal_name: s?.legalName ?? '',
    gstin: s?.gstin ?? '',
    state: s?.state ?? '',
    gst_state_code: s?.gstStateCode ?? '',
    invoice_address: s?.invoiceAddress ?? '',
    office_address: s?.officeAddress ?? '',
    office_pincode: s?.officePincode ?? '',
    office_latitude: s?.officeLatitude ?? null,
    office_longitude: s?.officeLongitude ?? null,
    road_factor: s?.roadFactor ?? 1.3,
    notification_email: s?.notificationEmail ?? '',
    low_stock_threshold: s?.lowStockThreshold ?? 5,
    delivery_percentage: s?.deliveryPercentage ?? 0,
    grievance_officer_name: s?.grievanceOfficerName ?? '',
    grievance_officer_email: s?.grievanceOfficerEmail ?? '',
    grievance_officer_phone: s?.grievanceOfficerPhone ?? '',
  };
}

const NO_PAY_MODE =
  'Turn on at least one payment mode: Pay now, Pay on delivery, or Pay by UPI (in its own section).';

/**
 * The store's settings in the admin (decision 0024; owner only, the routes
 * check the role): the profile (who sells, from where), the purchase buttons and payment modes,
 * the sign-in security. Every change is one transaction with its audit entry.
 */
export class StoreSettingsService {
  constructor(
    private readonly repo: StoreSettingsRepository,
    private readonly audit: AuditService,
    private readonly pincodes: () => PincodeDirectory,
    private readonly sessions: Pick<SessionsService, 'endAdminSessionsWithoutCode'>,
    private readonly secondFactor: SecondFactorChecks,
    private readonly media: Pick<MediaService, 'upload'>,
  ) {}

  /** Off until the profile is saved (the setting lives on the settings row). */
  async security(storeId: string): Promise<SecuritySettingsView> {
    const row = await this.repo.security(storeId);
    return {
      ...toSecurity(row ?? { staffSecondFactor: false }),
      email_ready: this.secondFactor.emailReady(),
    };
  }

  /**
   * Emails a test code to the owner, the first step of turning the staff code on; refused (400)
   * while the server's email reaches nobody.
   */
  async sendTestCode(caller: SignedInUser, ip: string) {
    if (!this.secondFactor.emailReady()) throw new BadRequest(NO_EMAIL, 'staff_second_factor');
    return this.secondFactor.sendTestCode(caller, ip);
  }

  /**
   * Changes them in one transaction with its audit entry (before and after). Turning the staff
   * code on ends, in the same transaction, every admin session of the store that did not begin
   * with the code, but the owner's own session making the change (`sessionId`, from its token),
   * which goes on (issue 58 item 5).
   *
   * Turning it on is refused (400, nothing saved) unless the server's email reaches inboxes and
   * `proof.caller` typed back the test code of `patch.challenge` (issue 57 item 4): an owner
   * whose codes cannot arrive would be locked out at the next sign-in. Turning it off needs
   * nothing (the server's shell turns it off too: `npm run admin:create -- --second-factor off`).
   */
  async updateSecurity(
    actor: AuditActor,
    patch: SecuritySettingsPatch,
    sessionId?: string,
    proof?: { caller: SignedInUser; ip: string },
  ): Promise<SecuritySettingsView> {
    if (patch.staff_second_factor) {
      const current = await this.repo.security(actor.storeId);
      if (!current) throw new NotFound(NO_SETTINGS);
      if (!current.staffSecondFactor) {
        if (!this.secondFactor.emailReady()) throw new BadRequest(NO_EMAIL, 'staff_second_factor');
        if (!patch.challenge || !patch.code || !proof) throw new BadRequest(NO_TEST_CODE, 'code');
        await this.secondFactor.useTestCode(proof.caller, patch.challenge, patch.code, proof.ip);
      }
    }
    const after = await this.repo.transaction(async (tx) => {
      const row = await this.repo.security(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      const before = toSecurity(row);
      await this.repo.setSecurity(tx, actor.storeId, {
        staffSecondFactor: patch.staff_second_factor,
      });
      if (patch.staff_second_factor && !before.staff_second_factor) {
        await this.sessions.endAdminSessionsWithoutCode(
          tx,
          actor.storeId,
          actor.userId && sessionId ? { userId: actor.userId, sessionId } : null,
        );
      }
      const after: SecuritySettings = { staff_second_factor: patch.staff_second_factor };
      await this.audit.record(tx, actor, {
        action: 'settings.security',
        entity: 'store_settings',
        entityId: actor.storeId,
        before,
        after,
      });
      return after;
    });
    return { ...after, email_ready: this.secondFactor.emailReady() };
  }

  /** Whether courses may be paid on delivery, i.e. at the academy (issue 59 item 5). */
  async academy(storeId: string): Promise<AcademySettings> {
    const row = await this.repo.academy(storeId);
    if (!row) throw new NotFound(NO_SETTINGS);
    return { pay_at_academy: row.payAtAcademy };
  }

  /** Turns paying for courses at the academy on or off, with its audit entry, in one transaction. */
  saveAcademy(actor: AuditActor, input: AcademySettings): Promise<AcademySettings> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.academy(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      await this.repo.setAcademy(tx, actor.storeId, { payAtAcademy: input.pay_at_academy });
      const after: AcademySettings = { pay_at_academy: input.pay_at_academy };
      await this.audit.record(tx, actor, {
        action: 'settings.academy',
        entity: 'store_settings',
        entityId: actor.storeId,
        before: { pay_at_academy: row.payAtAcademy },
        after,
      });
      return after;
    });
  }

  async profile(storeId: string): Promise<StoreProfile> {
    const found = await this.repo.profile(storeId);
    if (!found) throw new NotFound(NO_STORE);
    return toProfile(found.store, found.settings, found.color);
  }

  /**
   * Saves the whole profile (the first save makes the settings row, so the shop can take
   * orders). The GST state is the GSTIN's, else the office pincode's; the office coordinates are
   * the pincode's centre unless both are given.
   */
  saveProfile(actor: AuditActor, fields: StoreProfileFields): Promise<StoreProfile> {
    const place = this.placeOf(fields);
    // The grievance contact counts with both a name and an email: one alone is a slip.
    if (fields.grievance_officer_name === '' && fields.grievance_officer_email !== '') {
      throw new BadRequest("Enter the grievance officer's name too.", 'grievance_officer_name');
    }
    if (fields.grievance_officer_email === '' && fields.grievance_officer_name !== '') {
      throw new BadRequest("Enter the grievance officer's email too.", 'grievance_officer_email');
    }
    return this.repo.transaction(async (tx) => {
      const found = await this.repo.profile(actor.storeId, tx);
      if (!found) throw new NotFound(NO_STORE);
      const before = toProfile(found.store, found.settings, found.color);
      await this.repo.saveProfile(
        tx,
        actor.storeId,
        {
          name: fields.name,
          email: fields.email,
          phone: fields.phone,
          whatsappNumber: fields.whatsapp_number,
          logoUrl: fields.logo,
        },
        {
          legalName: fields.legal_name,
          gstin: fields.gstin,
          state: place.state,
          gstStateCode: place.stateCode,
          invoiceAddress: fields.invoice_address,
          officeAddress: fields.office_address,
          officePincode: fields.office_pincode,
          officeLatitude: place.latitude,
          officeLongitude: place.longitude,
          roadFactor: fields.road_factor,
          notificationEmail: fields.notification_email,
          lowStockThreshold: fields.low_stock_threshold,
          deliveryPercentage: fields.delivery_percentage,
          grievanceOfficerName: fields.grievance_officer_name,
          grievanceOfficerEmail: fields.grievance_officer_email,
          grievanceOfficerPhone: fields.grievance_officer_phone,
        },
        fields.color,
      );
      const after: StoreProfile = {
        ...fields,
        configured: true,
        state: place.state,
        gst_state_code: place.stateCode,
        office_latitude: place.latitude,
        office_longitude: place.longitude,
      };
      await this.audit.record(tx, actor, {
        action: 'settings.profile',
        entity: 'store_settings',
        entityId: actor.storeId,
        before,
        after,
      });
      return after;
    });
  }

  /** The seller's GST state and the office's coordinates, or a 400 naming the field. */
  private placeOf(f: StoreProfileFields) {
    const office = this.pincodes().lookup(f.office_pincode);
    const typed = [f.office_latitude, f.office_longitude].filter((c) => c !== null).length;
    if (typed === 1) {
      const missing = f.office_latitude === null ? 'office_latitude' : 'office_longitude';
      throw new BadRequest(
        "Give both coordinates, or neither to use the pincode's centre.",
        missing,
      );
    }
    const gstin = f.gstin === '' ? null : checkGstin(f.gstin);
    if (gstin && !gstin.ok) throw new BadRequest(gstin.message, 'gstin');
    // Without the pincode's place, the GSTIN may still give the state; the coordinates must be typed.
    if (!office && (typed === 0 || !gstin)) {
      throw new BadRequest(
        `${f.office_pincode} is not a pincode we know; check it${gstin ? ', or give the office coordinates' : ''}.`,
        'office_pincode',
      );
    }
    if (gstin && office && office.stateCode !== gstin.stateCode) {
      throw new BadRequest(
        `${f.office_pincode} is in ${office.state}, but the GSTIN is registered in ${gstin.stateName}. Give the office in the GSTIN's state.`,
        'office_pincode',
      );
    }
    const state = gstin
      ? { code: gstin.stateCode, name: gstin.stateName }
      : (gstStateByCode(office!.stateCode) ?? { code: office!.stateCode, name: office!.state });
    return {
      state: state.name,
      stateCode: state.code,
      latitude: f.office_latitude ?? office!.latitude,
      longitude: f.office_longitude ?? office!.longitude,
    };
  }

  /** Where a pincode is (the office's place unless coordinates are typed); 404 when unknown. */
  pincodePlace(pincode: string) {
    const place = this.pincodes().lookup(pincode);
    if (!place)
      throw new NotFound(`${pincode} is not a pincode we know; check it.`, 'office_pincode');
    return {
      pincode,
      state: place.state,
      latitude: place.latitude,
      longitude: place.longitude,
      approximate: place.approximate,
    };
  }

  /** The shop's manual UPI payment settings (decision 0039); off and empty before the profile. */
  async upi(storeId: string): Promise<UpiSettingsView> {
    return toUpiView(await this.repo.upi(storeId));
  }

  /**
   * Saves the UPI ID and payee name (checked by the contract: `name@bank`, both needed to turn
   * it on), which QR shoppers see (the saved own QR image, or '' for one made per order; a new
   * image comes only through `saveUpiQr`), and turns the paymanual pay button on or off, with its
   * audit entry. The UPI ID cannot change under an own QR image, which pays the saved one.
   */
  saveUpi(actor: AuditActor, input: UpiSettings): Promise<UpiSettingsView> {
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.upi(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      const qrImage = input.qr_image ?? row.upiQrImage;
      if (qrImage !== '' && qrImage !== row.upiQrImage) {
        throw new BadRequest(
          'Upload the QR image with “Upload your QR code”: it is checked before it is saved.',
          'qr_image',
        );
      }
      if (qrImage !== '' && input.upi_id !== row.upiId) {
        throw new BadRequest(
          `Your shop’s QR code pays ${row.upiId}. To take payments at ${input.upi_id || 'another UPI ID'}, upload its QR code, or choose a QR code made for each order.`,
          'upi_id',
        );
      }
      const next = {
        upiId: input.upi_id,
        upiPayeeName: input.payee_name,
        upiQrImage: qrImage,
        enabled: input.enabled,
      };
      return this.writeUpi(tx, actor, row, next);
    });
  }

  /**
   * The shop's own QR image (a photo or the image from its bank's app): read on the server, its
   * `upi://pay` link must pay `upiId` (else a 400 on qr_image naming both IDs, nothing saved);
   * then stored through the media service and saved with the UPI ID, so shoppers see it. The
   * payee name is the QR's when none was saved; the Pay by UPI button stays as it was.
   */
  async saveUpiQr(actor: AuditActor, upiId: string, picture: Buffer): Promise<UpiSettingsView> {
    if (!(await this.repo.upi(actor.storeId))) throw new NotFound(NO_SETTINGS);
    const check = checkUpiQr(await readQrCode(picture), upiId);
    if (!check.ok) throw new BadRequest(check.message, 'qr_image');
    const image = await this.media.upload(actor, picture);
    return this.repo.transaction(async (tx) => {
      const row = await this.repo.upi(actor.storeId, tx);
      if (!row) throw new NotFound(NO_SETTINGS);
      const next = {
        upiId: check.payee.upiId,
        upiPayeeName: row.upiPayeeName || check.payee.payeeName.slice(0, 60),
        upiQrImage: image.url,
        enabled: row.enabled,
      };
      return this.writeUpi(tx, actor, row, next);
    });
  }

  /** Saves the UPI settings `next` in `tx`, audited against `row`, and answers their view. */
  private async writeUpi(
    tx: Parameters<StoreSettingsRepository['setUpi']>[0],
    actor: AuditActor,
    row: unknown,
    next: Parameters<StoreSettingsRepository['setUpi']>[2],
  ): Promise<UpiSettingsView> {
    await this.repo.setUpi(tx, actor.storeId, next);
    await this.audit.record(tx, actor, {
      action: 'settings.upi',
      entity: 'store_settings',
      entityId: actor.storeId,
      before: row,
      after: next,
    });
    return toUpiView(next);
  }

  /**
   * What stops a sale, as far as the settings tell (the dashboard's checklist): the office, the
   * purchase buttons on, the pay modes on (Pay by UPI once set up), the pay-on-delivery advance
   * and the grievance officer. A store without a saved profile has no office.
   */
  async saleSetup(storeId: string): Promise<{
    office: { address: string; pincode: string } | null;
    cartButtonsOn: number;
    payModesOn: PayButtonId[];
    advancePercent: number;
    grievanceOfficer: { name: string; email: string };
  }> {
    const [found, rows] = await Promise.all([
      this.repo.profile(storeId),
      this.repo.buttons(storeId),
    ]);
    if (!found) throw new NotFound(NO_STORE);
    const s = found.settings;
    const on = (b: { buttonId: string; status: string }) => ({
      button_id: b.buttonId,
      active: b.status === 'Active',
    });
    return {
      office: s && { address: s.officeAddress, pincode: s.officePincode },
      cartButtonsOn: rows.cart.filter((b) => b.status === 'Active').length,
      payModesOn: switchedOnPayModes(rows.pay.map(on), s?.upiId ?? ''),
      advancePercent: s?.deliveryPercentage ?? 0,
      grievanceOfficer: {
        name: s?.grievanceOfficerName ?? '',
        email: s?.grievanceOfficerEmail ?? '',
      },
    };
  }

  async buttons(storeId: string): Promise<ButtonsView> {
    await this.profile(storeId);
    return toButtons(await this.repo.buttons(storeId));
  }

  /**
   * Replaces the buttons as a set: the listed ones on or off, the default flagged alone. One
   * payment mode must stay on: one of these, or Pay by UPI once set up (saved by `saveUpi`).
   */
  saveButtons(actor: AuditActor, input: StoreButtons): Promise<ButtonsView> {
    return this.repo.transaction(async (tx) => {
      const found = await this.repo.profile(actor.storeId, tx);
      if (!found) throw new NotFound(NO_STORE);
      const rows = await this.repo.buttons(actor.storeId, tx);
      const upiOn = rows.pay.some((b) => b.buttonId === 'paymanual' && b.status === 'Active');
      const modes = switchedOnPayModes(
        [...input.pay_buttons, { button_id: 'paymanual', active: upiOn }],
        found.settings?.upiId ?? '',
      );
      if (modes.length === 0) throw new BadRequest(NO_PAY_MODE, 'pay_buttons');
      const before = toButtons(rows);
      const status = (on: boolean) => (on ? 'Active' : 'Inactive');
      await this.repo.replaceButtons(
        tx,
        actor.storeId,
        input.cart_buttons.map((b) => ({
          buttonId: b.button_id,
          isDefault: b.button_id === input.default_cart_button,
          status: status(b.active),
        })),
        input.pay_buttons.map((b) => ({
          buttonId: b.button_id,
          label: b.label,
          isDefault: false,
          status: status(b.active),
        })),
      );
      await this.audit.record(tx, actor, {
        action: 'settings.buttons',
        entity: 'store_settings',
        entityId: actor.storeId,
        before,
        after: input,
      });
      return toButtons(await this.repo.buttons(actor.storeId, tx));
    });
  }
}
