/** Contact links from vendor config: phone numbers as tel: (digits and a leading +), addresses as lines. */
import type { VendorConfig } from '../types.generated';

export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;
}

export function addressLines(address: VendorConfig['address'] | undefined): string[] {
  if (!address) return [];
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter((line): line is string => Boolean(line));
}
