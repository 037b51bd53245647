/**
 * What /checkout holds: the cart, the address it goes to (?address=, else the first saved one), the chosen
 * payment method (and for mobile money the number to pay from), and placing the order. Placing sends one idempotency key per attempt, so a double tap
 * or a retry after a timeout places one order; the cart is cleared only once the order exists.
 */
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import useSWR from 'swr';
import { apiGet, apiPost, isNetworkFailure } from '~/browser/api';
import { type PaymentGatewayName } from '~/lib/order-rules';
import { $cartItems, $cartTotals, clearCart } from '~/stores/cart';
import { showToast } from '~/stores/toasts';
import { useHydrated } from '../use-hydrated';
import { useOnline } from '../use-online';
import type { OrderView } from './types';
import { useSavedAddresses } from './use-delivery-addresses';
import { idFrom } from './use-order';
import { isMobileMoneyGateway, localNumber, networkOf } from '~/lib/mobile-money';
import { islandTranslator } from '~/lib/i18n/current';
import { payerPhoneWords } from './payer-phone-words';

function newKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The checkout page's state, read from the cart store and the saved addresses, and what placing the order does. */
export function useCheckout() {
  const hydrated = useHydrated();
  const online = useOnline();
  const items = useStore($cartItems);
  const totals = useStore($cartTotals);
  const { data: addresses, error: addressError } = useSavedAddresses();
  const [chosenGateway, setGateway] = useState<PaymentGatewayName | null>(null);
  const [typedPhone, setPaymentPhone] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // One key per checkout attempt: the same cart submitted twice is one order.
  const attemptKey = useMemo(newKey, [items]);

  const wanted = hydrated ? idFrom(new URLSearchParams(window.location.search).get('address')) : null;
  const address = addresses?.find((entry) => entry.id === wanted) ?? addresses?.[0];
  // Cash on delivery is off for the items of a vendor that owes the store too much: checkout says so before the order
  // (asked once the saved addresses came: without a connection neither comes, and no order can be placed anyway).
  const productIds = [...new Set(items.map((item) => item.product_id))].join(',');
  const { data: cash } = useSWR(
    productIds && online && address ? `/api/payments/cash-on-delivery?product_ids=${productIds}` : null,
    (path: string) => apiGet<{ available: boolean; unavailable: { product_id: number; name: string }[] }>(path),
    { revalidateOnFocus: false },
  );
  const cashOffFor = cash && !cash.available ? cash.unavailable.map((product) => product.name) : [];
  // Cash on delivery chosen before the answer came is no choice once it is off.
  const gateway = chosenGateway === 'cash_on_delivery' && cashOffFor.length > 0 ? null : chosenGateway;
  // The number to pay from starts as the delivery phone when it is on the chosen network.
  const paymentPhone =
    typedPhone ?? (gateway && isMobileMoneyGateway(gateway) && address && networkOf(address.phone) === gateway ? localNumber(address.phone) : '');

  useEffect(() => {
    if (addresses && addresses.length === 0) window.location.replace(islandTranslator().path('/delivery-address'));
  }, [addresses]);

  function chooseGateway(name: PaymentGatewayName) {
    setGateway(name);
    setProblem(null);
  }

  /** Places the order, then goes to the gateway's payment page or to the order's success page. */
  async function placeOrder() {
    const { t, path } = islandTranslator();
    if (!address) return;
    if (!gateway) {
      setProblem(t.checkout.choosePaymentMethod);
      return;
    }
    const phoneProblem = isMobileMoneyGateway(gateway) ? payerPhoneWords(gateway, paymentPhone) : null;
    if (phoneProblem) {
      setProblem(phoneProblem);
      return;
    }
    if (!navigator.onLine) {
      setProblem(t.checkout.needsConnection);
      return;
    }
    setPlacing(true);
    setProblem(null);
    try {
      const order = await apiPost<OrderView>('/api/orders', {
        items: items.map((item) => ({
          product_id: item.product_id,
          quantity: item.product_quantity,
          color: item.color,
          size: item.size,
          variant: item.variant,
          price: Number(item.product_price_1),
        })),
        customer_name: address.name,
        customer_phone: address.phone,
        delivery_location_id: address.delivery_location_id,
        delivery_address: address.address,
        notes: address.notes,
        payment_gateway: gateway,
        payment_phone: isMobileMoneyGateway(gateway) ? paymentPhone : undefined,
        idempotency_key: attemptKey,
      });
      clearCart();
      showToast(t.checkout.placed, 'success');
      if (order.payment?.redirect_url && order.payment.status === 'PENDING_PAYMENT') window.location.assign(order.payment.redirect_url);
      else if (isMobileMoneyGateway(order.payment_gateway)) window.location.assign(path(`/payment/${order.id}`));
      else window.location.assign(path(`/order-success?order=${order.id}`));
    } catch (error) {
      // Without an answer the order may or may not exist: the same attempt key sent again places it once.
      const message = isNetworkFailure(error) ? t.checkout.needsConnection : (error as Error).message || t.checkout.placeFailed;
      setProblem(message);
      showToast(message, 'error');
      setPlacing(false);
    }
  }

  return {
    /** True until the island has hydrated and the saved addresses have come (or failed). */
    loading: !hydrated || (!addresses && !addressError),
    addressError,
    /** False while the phone has no connection: the order cannot be placed, and nothing is lost. */
    online,
    items,
    totals,
    /** Where the order goes; undefined until the addresses come, or when there are none (the page then leaves). */
    address,
    gateway,
    chooseGateway,
    /** The items that cannot be paid for on delivery now (empty when all can). */
    cashOffFor,
    /** The mobile money number the request goes to (the delivery phone until the buyer types another). */
    paymentPhone,
    setPaymentPhone,
    placing,
    /** Why the order could not be placed (or no payment method was chosen). */
    problem,
    placeOrder,
  };
}
