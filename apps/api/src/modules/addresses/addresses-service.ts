import type { Address, AddressKind } from '@shop/contracts';
import { checkPincode } from '@shop/domain';
import type { Geocoder } from '../../adapters/geocoder.ts';
import type { TokenUser } from '../../lib/access-tokens.ts';
import { HttpError } from '../../lib/errors.ts';
import type {
  AddressesRepository,
  AddressRow,
  AddressValues,
  DefaultKind,
} from './addresses-repository.ts';

export const NO_DELIVERY = 'Shipping not available for this pincode';
const NOT_FOUND = 'Address not found';

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

  async list(caller: TokenUser) {
    return (await this.repository.list(caller.userId)).map(toAddress);
  }

  /** The row, when it is the caller's; another user's address is "not found", not "forbidden". */
  private async own(caller: TokenUser, id: string) {
    const row = await this.repository.byId(id);
    if (!row || row.userId !== caller.userId) throw new HttpError(404, NOT_FOUND);
    return row;
  }

  private async deliverable(storeId: string, pincode: string) {
    const check = checkPincode(pincode, await this.repository.activePincodes(storeId));
    if (!check.ok) throw new HttpError(400, NO_DELIVERY, 'pincode');
  }

  private async values(
    caller: TokenUser,
    f: AddressFields,
  ): Promise<Omit<AddressValues, 'defaultShipping' | 'defaultBilling'>> {
    await this.deliverable(caller.storeId, f.pincode);
    const at = await this.geocoder.locate({
      storeId: caller.storeId,
      address: f.new_address,
      area: f.area,
      city: f.city,
      pincode: f.pincode,
    });
    return {
      storeId: caller.storeId,
      userId: caller.userId,
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

  /** Saves a new address. The first one becomes the default for shipping and billing. */
  async create(caller: TokenUser, f: AddressFields) {
    const values = await this.values(caller, f);
    const first = (await this.repository.count(caller.userId)) === 0;
    const row = await this.repository.create({
      ...values,
      defaultShipping: f.defaultaddressS || first,
      defaultBilling: f.defaultaddressB || first,
    });
    return toAddress(row);
  }

  async update(caller: TokenUser, id: string, f: AddressFields) {
    await this.own(caller, id);
    const values = await this.values(caller, f);
    const row = await this.repository.update(id, caller.userId, {
      ...values,
      ...(f.defaultaddressS && { defaultShipping: true }),
      ...(f.defaultaddressB && { defaultBilling: true }),
    });
    if (!row) throw new HttpError(404, NOT_FOUND);
    return toAddress(row);
  }

  async delete(caller: TokenUser, id: string) {
    await this.own(caller, id);
    if (!(await this.repository.delete(id, caller.userId))) throw new HttpError(404, NOT_FOUND);
  }

  /** Makes the address the default of the kinds sent, taking it from the others. */
  async setDefault(caller: TokenUser, id: string, kinds: { shipping: boolean; billing: boolean }) {
    await this.own(caller, id);
    const row = await this.repository.update(id, caller.userId, {
      ...(kinds.shipping && { defaultShipping: true }),
      ...(kinds.billing && { defaultBilling: true }),
    });
    if (!row) throw new HttpError(404, NOT_FOUND);
    return toAddress(row);
  }

  async resetDefault(caller: TokenUser, kind: DefaultKind) {
    await this.repository.resetDefault(caller.userId, kind);
  }
}
