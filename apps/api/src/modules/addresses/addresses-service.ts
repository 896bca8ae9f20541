import type { Address, AddressKind, SavedAddress } from '@shop/contracts';
import { pincodeSet, servesPincode } from '@shop/domain';
import type { Geocoder } from '../../adapters/geocoder.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import type {
  AddressesRepository,
  AddressRow,
  AddressValues,
  DefaultKind,
} from './addresses-repository.ts';

/** What an address whose pincode the shop does not serve says (it is still saved). */
export const NO_DELIVERY = 'Shipping not available for this pincode';
const NOT_FOUND = 'Address not found';
/** The most addresses one customer keeps. */
export const MAX_ADDRESSES = 50;
export const TOO_MANY_ADDRESSES = `You can keep at most ${MAX_ADDRESSES} addresses. Please delete one first.`;

export interface AddressFields {
  location_user: AddressKind;
  new_address: string;
  city: string;
  area: string;
  pincode: string;
  user_name: string;
  defaultaddressS: boolean;
  defaultaddressB: boolean;
}

export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    location_user: row.locationUser as AddressKind,
    new_address: row.newAddress,
    city: row.city,
    area: row.area,
    pincode: row.pincode,
    latitude: row.latitude,
    longitude: row.longitude,
    defaultaddressS: row.defaultShipping,
    defaultaddressB: row.defaultBilling,
    user_id: row.userId,
    user_name: row.userName,
  };
}

/** The address book: every call acts on the caller's own addresses only. */
export class AddressesService {
  constructor(
    private readonly repository: AddressesRepository,
    private readonly geocoder: Geocoder,
  ) {}

  async list(caller: SignedInUser) {
    return (await this.repository.list(caller.id)).map(toAddress);
  }

  /** The user's addresses as stored, for their data export (privacy). */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.repository.personalRowsOf(userId);
  }

  /**
   * The account's erasure (issue 61 item 3): its addresses are deleted. An order keeps the
   * address it was placed with as its own copy, which the orders' step erases or holds.
   */
  async erasePersonalDataOf(subject: ErasureSubject): Promise<ErasedRows[]> {
    const erased = await this.repository.deleteAllOf(subject.userId);
    return [{ table: 'addresses', erased, anonymised: 0, kept: 0 }];
  }

  /** One of the caller's addresses, or null when there is none with that id (or not theirs). */
  async ownAddress(caller: SignedInUser, id: string): Promise<Address | null> {
    const row = await this.repository.byId(id);
    return row && row.userId === caller.id ? toAddress(row) : null;
  }

  /** The row, when it is the caller's; another user's address is "not found", not "forbidden". */
  private async own(caller: SignedInUser, id: string) {
    const row = await this.repository.byId(id);
    if (!row || row.userId !== caller.id) throw new NotFound(NOT_FOUND);
    return row;
  }

  /**
   * Whether the store ships to the pincode (its active pincodes; none listed: everywhere). An
   * address outside them is still saved (a billing address may be anywhere); checkout refuses
   * it as the shipping address.
   */
  private async deliversTo(storeId: string, pincode: string): Promise<boolean> {
    return servesPincode(pincode, pincodeSet(await this.repository.activePincodes(storeId)));
  }

  /** The answer of a save: the address and, when the shop does not ship there, why. */
  private async saved(caller: SignedInUser, row: AddressRow): Promise<SavedAddress> {
    const address = toAddress(row);
    return (await this.deliversTo(caller.storeId, row.pincode))
      ? { ...address, deliverable: true }
      : { ...address, deliverable: false, delivery_message: NO_DELIVERY };
  }

  /**
   * The row values of the fields. The (paid) geocoder is asked only when the place changed:
   * an edit that keeps address, area, city and pincode keeps the coordinates it had.
   */
  private async values(
    caller: SignedInUser,
    f: AddressFields,
    before?: AddressRow,
  ): Promise<Omit<AddressValues, 'defaultShipping' | 'defaultBilling'>> {
    const samePlace =
      before !== undefined &&
      before.newAddress === f.new_address &&
      before.area === f.area &&
      before.city === f.city &&
      before.pincode === f.pincode;
    const at = samePlace
      ? { latitude: before.latitude, longitude: before.longitude }
      : await this.geocoder.locate({
          storeId: caller.storeId,
          address: f.new_address,
          area: f.area,
          city: f.city,
          pincode: f.pincode,
        });
    return {
      storeId: caller.storeId,
      userId: caller.id,
      locationUser: f.location_user,
      newAddress: f.new_address,
      city: f.city,
      area: f.area,
      pincode: f.pincode,
      userName: f.user_name,
      latitude: at?.latitude ?? null,
      longitude: at?.longitude ?? null,
    };
  }

  /**
   * Saves a new address (at most MAX_ADDRESSES a customer). The first one becomes the default
   * for shipping and billing.
   */
  async create(caller: SignedInUser, f: AddressFields) {
    if ((await this.repository.count(caller.id)) >= MAX_ADDRESSES) {
      throw new BadRequest(TOO_MANY_ADDRESSES, 'new_address');
    }
    const values = await this.values(caller, f);
    const row = await this.repository.create(
      { ...values, defaultShipping: f.defaultaddressS, defaultBilling: f.defaultaddressB },
      MAX_ADDRESSES,
    );
    if (!row) throw new BadRequest(TOO_MANY_ADDRESSES, 'new_address');
    return this.saved(caller, row);
  }

  async update(caller: SignedInUser, id: string, f: AddressFields) {
    const before = await this.own(caller, id);
    const values = await this.values(caller, f, before);
    const row = await this.repository.update(id, caller.id, {
      ...values,
      ...(f.defaultaddressS && { defaultShipping: true }),
      ...(f.defaultaddressB && { defaultBilling: true }),
    });
    if (!row) throw new NotFound(NOT_FOUND);
    return this.saved(caller, row);
  }

  async delete(caller: SignedInUser, id: string) {
    await this.own(caller, id);
    if (!(await this.repository.delete(id, caller.id))) throw new NotFound(NOT_FOUND);
  }

  /** Makes the address the default of the kinds sent, taking it from the others. */
  async setDefault(
    caller: SignedInUser,
    id: string,
    kinds: { shipping: boolean; billing: boolean },
  ) {
    await this.own(caller, id);
    const row = await this.repository.update(id, caller.id, {
      ...(kinds.shipping && { defaultShipping: true }),
      ...(kinds.billing && { defaultBilling: true }),
    });
    if (!row) throw new NotFound(NOT_FOUND);
    return toAddress(row);
  }

  async resetDefault(caller: SignedInUser, kind: DefaultKind) {
    await this.repository.resetDefault(caller.id, kind);
  }
}
