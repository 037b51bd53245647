/**
 * How checkout offers the ways to pay: each mobile money network on its own, cash on delivery, and everything else
 * (a card, Pesapal's page, a transfer) together under "Card or other", so a shopper paying from a phone chooses
 * among three or four things, not six.
 */
import { isMobileMoneyGateway } from './mobile-money';
import type { PaymentGatewayName } from './order-rules';

export type PaymentGroup = { key: 'mtn_momo' | 'airtel_money' | 'cash_on_delivery' | 'other'; gateways: PaymentGatewayName[] };

const ORDER: PaymentGroup['key'][] = ['mtn_momo', 'airtel_money', 'cash_on_delivery', 'other'];

/** The groups of the `offered` gateways, in the order checkout shows them; a group with nothing offered is left out. */
export function paymentGroups(offered: readonly PaymentGatewayName[]): PaymentGroup[] {
  const keyOf = (name: PaymentGatewayName): PaymentGroup['key'] => (isMobileMoneyGateway(name) || name === 'cash_on_delivery' ? name : 'other');
  return ORDER.map((key) => ({ key, gateways: offered.filter((name) => keyOf(name) === key) })).filter((group) => group.gateways.length > 0);
}

/** The group a gateway is offered in. */
export function groupOf(groups: readonly PaymentGroup[], gateway: PaymentGatewayName | null): PaymentGroup | undefined {
  return gateway ? groups.find((group) => group.gateways.includes(gateway)) : undefined;
}
