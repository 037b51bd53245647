/** POST orders-create: the older path of POST orders, which the spec's other clients still post to. */
export { POST } from './orders/index';
