/**
 * Checkout's ways to pay, grouped (lib/payment-groups.ts): MTN Mobile Money, Airtel Money, cash on delivery, and
 * "Card or other" opening onto the card, Pesapal and transfer choices. The number to pay from sits right under the
 * network chosen, prefilled with the delivery phone on that network and written as Ugandans write it.
 */
import { isMobileMoneyGateway, localNumber } from '~/lib/mobile-money';
import { MOBILE_MONEY_MESSAGES } from '~/lib/messages/mobile-money-messages';
import type { PaymentGatewayName } from '~/lib/order-rules';
import { groupOf, paymentGroups, type PaymentGroup } from '~/lib/payment-groups';
import { islandTranslator } from '~/lib/i18n/current';
import type { useCheckout } from './use-checkout';

type Checkout = ReturnType<typeof useCheckout>;

export default function WaysToPay({ offered, checkout }: { offered: PaymentGatewayName[]; checkout: Checkout }) {
  const { t, fill } = islandTranslator();
  const groups = paymentGroups(offered);
  const chosen = groupOf(groups, checkout.gateway);

  /** A group's title and line under it: a gateway's own when the group holds one, else "Card or other" and what it holds. */
  function words(group: PaymentGroup): { title: string; description: string } {
    const [first] = group.gateways;
    if (group.gateways.length > 1)
      return { title: t.checkout.cardOrOther, description: group.gateways.map((name) => t.checkout.gateways[name].title).join(' · ') };
    if (first === 'cash_on_delivery' && checkout.cashOffFor.length > 0)
      return { title: t.checkout.gateways[first].title, description: fill(t.checkout.cashOffFor, { products: checkout.cashOffFor.join(', ') }) };
    return t.checkout.gateways[first!];
  }

  return (
    <fieldset className="panel payment-methods">
      <legend>{t.checkout.paymentMethod}</legend>
      {groups.map((group) => {
        const { title, description } = words(group);
        const open = chosen?.key === group.key;
        return (
          <div key={group.key} className="payment-group">
            <label className="payment-option">
              <input
                type="radio"
                name="payment_way"
                value={group.key}
                disabled={group.key === 'cash_on_delivery' && checkout.cashOffFor.length > 0}
                checked={open}
                onChange={() => checkout.chooseGateway(group.gateways[0]!)}
              />
              <span>
                <strong>{title}</strong>
                <br />
                <span className="cart-line-options">{description}</span>
              </span>
            </label>
            {open && isMobileMoneyGateway(group.key) && (
              <label className="field payer-phone">
                <span>{fill(t.checkout.numberToPayFrom, { network: MOBILE_MONEY_MESSAGES.networkName(group.key) })}</span>
                <input
                  type="tel"
                  name="payment_phone"
                  inputMode="tel"
                  autoComplete="tel"
                  value={checkout.paymentPhone}
                  placeholder={group.key === 'mtn_momo' ? '077X XXX XXX' : '075X XXX XXX'}
                  onChange={(event) => checkout.setPaymentPhone(event.target.value)}
                  onBlur={(event) => checkout.setPaymentPhone(localNumber(event.target.value.trim()))}
                />
                <span className="cart-line-options">{t.checkout.approveWithPin}</span>
              </label>
            )}
            {open && group.gateways.length > 1 && (
              <div className="payment-choices" role="radiogroup" aria-label={t.checkout.cardOrOther}>
                {group.gateways.map((name) => (
                  <label key={name} className="payment-option">
                    <input type="radio" name="payment_gateway" value={name} checked={checkout.gateway === name} onChange={() => checkout.chooseGateway(name)} />
                    <span>
                      <strong>{t.checkout.gateways[name].title}</strong>
                      <br />
                      <span className="cart-line-options">{t.checkout.gateways[name].description}</span>
                    </span>
                  </label>
                ))}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
