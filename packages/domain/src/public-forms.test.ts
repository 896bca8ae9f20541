import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  displayIndianPhone,
  enquiryRemark,
  messageCounter,
  readEnquiryRemark,
} from './public-forms.ts';

describe('the contact message counter', () => {
  it('counts up to 500 and turns red at 500, not before', () => {
    expect(CONTACT_MESSAGE_MAX_LENGTH).toBe(500);
    expect(messageCounter(0)).toEqual({ text: '0/500', atLimit: false });
    expect(messageCounter(499)).toEqual({ text: '499/500', atLimit: false });
    expect(messageCounter(500)).toEqual({ text: '500/500', atLimit: true });
  });
});

describe('displayIndianPhone', () => {
  it('shows a 10-digit mobile with +91, whatever prefix it was stored with', () => {
    expect(displayIndianPhone('9820012345')).toBe('+91 98200 12345');
    expect(displayIndianPhone('919820012345')).toBe('+91 98200 12345');
  });
  it('leaves anything else as it is', () => {
    expect(displayIndianPhone('12345')).toBe('12345');
  });
});

describe('enquiry details in the remark', () => {
  const details = { parentName: 'Meera Rao', dob: '2015-04-12', age: 9 };

  it('keeps a remark without details as it is', () => {
    expect(enquiryRemark('Hello', { parentName: '', dob: '', age: null })).toBe('Hello');
    expect(readEnquiryRemark('Hello')).toEqual({
      message: 'Hello',
      parentName: '',
      dob: '',
      age: null,
    });
  });

  it('reads back what it wrote, whatever the text holds', () => {
    for (const message of ['', 'Classes on weekends?', 'a\n[enquiry details] {"x":1}\nb']) {
      for (const d of [details, { parentName: '"; ] {', dob: '', age: 0 }]) {
        expect(readEnquiryRemark(enquiryRemark(message, d))).toEqual({ message, ...d });
      }
    }
  });

  it('ignores a details line that is not JSON or not the last line', () => {
    expect(readEnquiryRemark('x\n[enquiry details] nope').parentName).toBe('');
    expect(readEnquiryRemark('x\n[enquiry details] {}\ny').message).toBe(
      'x\n[enquiry details] {}\ny',
    );
  });
});
