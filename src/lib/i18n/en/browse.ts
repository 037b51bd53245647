import { CART_MESSAGES } from '../../messages/cart-messages';

/** Finding and picking products: the live search, the help search, Add to cart, the wishlist heart and the toasts. */
export default {
  search: {
    label: 'Search products',
    button: 'Search',
    suggestionsLabel: 'Search suggestions',
    recent: 'Recent Searches',
    clear: 'Clear',
    noResults: 'No results found for "{term}"',
    searchAnyway: 'Search anyway',
    products: 'Products',
    suggestions: 'Suggestions',
    viewAll: { one: 'View all {count} result', other: 'View all {count} results' },
  },
  help: {
    label: 'Search the help pages',
    inputLabel: 'Search help, delivery, returns and payments',
    placeholder: 'Search help: delivery, returns, Mobile Money…',
    button: 'Search',
    noHits: 'No help pages mention “{term}”. Try other words, or contact us.',
  },
  addToCart: {
    colour: 'Colour',
    size: 'Size',
    quantity: 'Quantity',
    oneLess: 'One less',
    oneMore: 'One more',
    add: 'Add to cart',
    chooseColour: 'Choose a colour',
    chooseSize: 'Choose a size',
    outOfStock: 'Out of stock',
    viewCart: 'View cart',
    added: CART_MESSAGES.added('{name}'),
  },
  heart: {
    label: 'Wishlist',
    save: 'Save to wishlist',
    remove: 'Remove from wishlist',
    waiting: '{action} (waiting to send: your change goes through when you are back online)',
  },
  toasts: {
    label: 'Notifications',
    dismiss: 'Dismiss',
  },
};
