import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PincodePlaceResponse, UpiSettingsResponse } from '@shop/contracts';
import { storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { UPI_MESSAGES } from '@shop/domain';
import { client, MAIN } from '../../test-support/accounts.ts';
import { pngPhoto, upload } from '../../test-support/images.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };

const UPI = { upi_id: 'urbanroll@okhdfcbank', payee_name: 'Urban Roll', enabled: true };
const PATH = '/api/admin/settings/upi';

/** A merchant QR as a bank's app gives it: a PNG of a `upi://pay` link without an amount. */
const qrPng = (upiId: string, name = 'Urban Roll Skates') =>
  QRCode.toBuffer(`upi://pay?pa=${upiId}&pn=${encodeURIComponent(name)}&mc=5941&mode=02`, {
    type: 'png',
    width: 360,
  });

/** The same QR photographed: a JPEG with the code small on a big grey counter. */
async function qrPhoto(upiId: string) {
  const code = await QRCode.toBuffer(`upi://pay?pa=${upiId}`, { type: 'png', width: 500 });
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#9ca3af' } })
    .composite([{ input: code, left: 400, top: 300 }])
    .jpeg({ quality: 80 })
    .toBuffer();
}

const file = (data: Buffer, type = 'image/png') => [{ name: 'qr.png', type, data }];

describe.each(testDatabaseTargets())('the shop’s UPI QR on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let otherOwner: string;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { paymentWebhooks: null } });
    owner = (await memberToken(t, 'owner')).token;
    staff = (await memberToken(t, 'staff')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = <T = Body>(method: 'GET' | 'PUT', url: string, token: string, body?: unknown) =>
    client(t).call<T & Body>(method, url, body, token);
  const stored = async (storeId = MAIN) => {
    const [row] = await t.database.db
      .select({ upiId: storeSettings.upiId, upiQrImage: storeSettings.upiQrImage })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, storeId));
    return row!;
  };
  const uploadQr = (upiId: string, data: Buffer, token = owner, type = 'image/png') =>
    upload(t, `${PATH}/qr?upi_id=${encodeURIComponent(upiId)}`, token, file(data, type));

  it('answers a ₹1 test payment to the saved UPI ID, and a QR made per order until one is uploaded', async () => {
    const saved = await call<UpiSettingsResponse>('PUT', PATH, owner, { ...UPI, qr_image: '' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ ...UPI, qr_image: '' });
    expect(saved.body.data.test_payment).toMatchObject({
      amount: 1,
      upi_id: UPI.upi_id,
      note: 'Test payment',
      link: 'upi://pay?pa=urbanroll%40okhdfcbank&pn=Urban%20Roll&am=1.00&cu=INR&tn=Test%20payment',
    });
    expect(saved.body.data.test_payment?.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('refuses a QR of another UPI ID with a 400 on qr_image naming both IDs, and saves nothing', async () => {
    const before = await stored();
    const res = await uploadQr(UPI.upi_id, await qrPng('someoneelse@ybl'));
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('qr_image');
    expect(res.body.msg).toContain('someoneelse@ybl');
    expect(res.body.msg).toContain(UPI.upi_id);
    expect(await stored()).toEqual(before);

    const blank = await uploadQr(UPI.upi_id, await pngPhoto(300, 300));
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ field: 'qr_image', msg: UPI_MESSAGES.qrUnreadable });
    expect(await stored()).toEqual(before);

    const badId = await uploadQr('not an id', await qrPng(UPI.upi_id));
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('upi_id');
  });

  it('saves a QR of the same UPI ID (a photo too): stored as an image, shown back, the UPI ID kept with it', async () => {
    const res = await uploadQr(' UrbanRoll@OkHdfcBank ', await qrPng('URBANROLL@okhdfcbank'));
    expect(res.status).toBe(200);
    const data = (res.body as unknown as UpiSettingsResponse).data;
    expect(data).toMatchObject({ ...UPI });
    expect(data.qr_image).toMatch(/^\/api\/uploads\/media\/urbanroll\/.+\.webp$/);
    expect(await stored()).toEqual({ upiId: UPI.upi_id, upiQrImage: data.qr_image });
    const image = await t.app.inject({ method: 'GET', url: data.qr_image });
    expect(image.statusCode).toBe(200);
    expect((await call<UpiSettingsResponse>('GET', PATH, owner)).body.data.qr_image).toBe(
      data.qr_image,
    );

    const photo = await uploadQr(UPI.upi_id, await qrPhoto(UPI.upi_id), owner, 'image/jpeg');
    expect(photo.status).toBe(200);
  });

  it('keeps the UPI ID with its QR: another ID needs its QR or the per-order QR; an image URL cannot be typed', async () => {
    const { upiQrImage } = await stored();
    expect(upiQrImage).not.toBe('');
    const other = await call('PUT', PATH, owner, { ...UPI, upi_id: 'urbanroll@ybl' });
    expect(other.status).toBe(400);
    expect(other.body.field).toBe('upi_id');
    expect(other.body.msg).toContain('urbanroll@okhdfcbank');
    const typed = await call('PUT', PATH, owner, { ...UPI, qr_image: '/api/uploads/x/1.webp' });
    expect(typed.status).toBe(400);
    expect(typed.body.field).toBe('qr_image');
    // Omitted: kept as saved.
    expect((await call('PUT', PATH, owner, UPI)).status).toBe(200);
    expect((await stored()).upiQrImage).toBe(upiQrImage);

    const generated = await call<UpiSettingsResponse>('PUT', PATH, owner, {
      ...UPI,
      upi_id: 'urbanroll@ybl',
      qr_image: '',
    });
    expect(generated.status).toBe(200);
    expect(await stored()).toEqual({ upiId: 'urbanroll@ybl', upiQrImage: '' });
  });

  it('is the owner’s alone, each store’s own', async () => {
    const before = await stored();
    expect((await uploadQr(UPI.upi_id, await qrPng(UPI.upi_id), staff)).status).toBe(403);
    expect(await stored()).toEqual(before);
    // Another store's owner changes that store only.
    const res = await uploadQr('threadline@okaxis', await qrPng('threadline@okaxis'), otherOwner);
    expect(res.status).toBe(200);
    expect(await stored()).toEqual(before);
    expect((await stored('threadline')).upiId).toBe('threadline@okaxis');
  });

  it('tells where a pincode is, for placing the office', async () => {
    const res = await call<PincodePlaceResponse>(
      'GET',
      '/api/admin/settings/pincode/400050',
      owner,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ pincode: '400050', state: 'Maharashtra' });
    expect(res.body.data.latitude).toBeCloseTo(19.06, 1);
    const unknown = await call('GET', '/api/admin/settings/pincode/999999', owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.field).toBe('office_pincode');
    expect((await call('GET', '/api/admin/settings/pincode/40005', owner)).status).toBe(400);
    expect((await call('GET', '/api/admin/settings/pincode/400050', staff)).status).toBe(403);
  });
});
