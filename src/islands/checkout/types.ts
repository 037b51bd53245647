/** The order and address shapes the API answers with, as the checkout and account pages read them. */
import type { OrderMoney } from '~/lib/order-money';
import type { OrderEventEntry } from '~/lib/order-events';
import type { CancelReason, OrderProgress, OrderStatus, PaymentGatewayName, PaymentStatus } from '~/lib/order-rules';
import type { PartReturnWindow, ReturnView } from '~/islands/returns/return-types';

export type DeliveryLocationOption = { id: number; name: string; region: string };
/** Where an order goes, with in how many days delivery there usually arrives. */
export type OrderDeliveryPlace = DeliveryLocationOption & { delivery_days_min: number; delivery_days_max: number };

export type SavedAddress = { id: number; name: string; phone: string; delivery_location_id: number; address: string; notes: string; is_default: boolean };

export type OrderView = {
  id: number;
  status: OrderStatus;
  payment_gateway: PaymentGatewayName;
  payment_status: PaymentStatus;
  customer_name: string;
  customer_phone: string;
  delivery_address: string;
  notes: string;
  subtotal: number;
  delivery_fee: number;
  total: number;
  created_at: string;
  delivery_location: OrderDeliveryPlace | null;
  items: OrderLine[];
  /** The order's lines by the vendor who sends them, each part with its own status. */
  parts: OrderPartView[];
  /** How far the order has come ("partly_shipped"), and in words in the language asked: "Partly shipped" while some parts wait. */
  progress: OrderProgress;
  status_label: string;
  /** Its money part by part: costs, what comes back and how, what is left to pay the rider. */
  money: OrderMoney;
  /** Returns the buyer asked for, newest first. */
  returns: ReturnView[];
  payment: {
    id: number;
    gateway: PaymentGatewayName;
    status: PaymentStatus;
    amount: number;
    redirect_url: string;
    details: Record<string, unknown>;
    /** A mobile money request still waiting: seconds left to approve it on the phone. */
    approval_seconds_left: number | null;
  } | null;
  /** Paid online and still waiting for the money: until when its items are kept for it. */
  held_until: string | null;
  /** Why the store cancelled it ('unpaid'), '' otherwise. */
  cancel_reason: CancelReason | '';
  /**
   * The timeline: each entry's kind and values, and `note`, the API's words for it in the language the page asked
   * in (the page shows the note: it carries no timeline tables of its own).
   */
  events: (OrderEventEntry & { status: string; note: string; created_at: string })[];
};

export type OrderLine = {
  id: number;
  part_id: number;
  product_id: number;
  product_name: string;
  unit_price: number;
  quantity: number;
  color: string;
  size: string;
  variant: Record<string, string>;
  subtotal: number;
  feature_photo: string;
  status: OrderStatus;
};

/**
 * One vendor's part of an order: who sends it, how far it has come, and its lines. On its way it carries the code
 * its buyer gives the rider; delivered without it, whether the buyer may still say it never came, and what they said.
 */
export type OrderPartView = {
  id: number;
  vendor_id: number | null;
  vendor_name: string;
  status: OrderStatus;
  tracking_note: string;
  delivered_at: string | null;
  handover_code: string | null;
  may_dispute: boolean;
  /** The buyer said it never came: '' never, 'open' until an administrator rules 'delivered' or 'not_delivered'. */
  dispute: '' | 'open' | 'delivered' | 'not_delivered';
  lines: OrderLine[];
} & PartReturnWindow;
